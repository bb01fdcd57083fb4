import type { ActivityProgress, TeamSession, TeamSessionSet } from '@acompanha/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { SESSIONS_PAGE_SIZE } from './api/sessions';
import { SessionsTab } from './sessions-tab';

const SESSIONS = '/api/v1/equipe/clientes/:id/sessoes';
const PROGRESS = '/api/v1/equipe/clientes/:id/progresso';

function set(exercicio_id: number, atividade_nome: string, numero: number, carga: number, repeticoes: number): TeamSessionSet {
  return { exercicio_id, atividade_nome, troca_de: null, numero, carga, repeticoes, feito_em: '2026-11-24T12:10:00.000Z', carga_suspeita: false };
}

function buildSession(overrides: Partial<TeamSession> = {}): TeamSession {
  return {
    id: crypto.randomUUID(),
    treino_id: 1,
    treino_titulo: 'Treino A',
    iniciado_em: '2026-11-24T12:00:00.000Z',
    concluido_em: '2026-11-24T12:52:00.000Z',
    series: [set(11, 'Supino reto', 1, 30, 10)],
    trocas: [],
    como_foi: null,
    incompleta: false,
    ...overrides,
  };
}

/** Answers the client's sessions a page at a time, as the API does (pages from 0); returns the pages asked for. */
function answerSessions(sessions: TeamSession[]) {
  const asked: { page: number; size: number }[] = [];
  server.use(
    http.get(SESSIONS, ({ request, params }) => {
      if (params.id !== '7') return HttpResponse.json({ status: 404, error: 'Not Found', message: 'Cliente não encontrado.' }, { status: 404 });
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      asked.push({ page, size });
      return HttpResponse.json({ results: sessions.slice(page * size, (page + 1) * size), page, size, total: sessions.length });
    }),
  );
  return asked;
}

function answerProgress(results: ActivityProgress[]) {
  server.use(http.get(PROGRESS, () => HttpResponse.json({ results })));
}

const renderTab = () => renderRoute(<SessionsTab />, { pattern: '/clientes/:id/treinos', path: '/clientes/7/treinos' });

/** The text of each body row's cells, header cell first. */
function bodyRows(table: HTMLElement): string[][] {
  const [, ...rows] = within(table).getAllByRole('row');
  return rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

const sessionCard = (title: string) => screen.getByRole('article', { name: title });

describe('SessionsTab: sessions', () => {
  it('shows each session with its date, start time, duration and set count, and its sets by exercise in the order done', async () => {
    const chest = buildSession({
      treino_titulo: 'Treino A: peito e tríceps',
      // Supersets: the client went back and forth between two exercises.
      series: [
        set(11, 'Supino reto', 1, 30, 10),
        set(12, 'Tríceps corda', 1, 20, 12),
        set(11, 'Supino reto', 2, 30, 10),
        set(12, 'Tríceps corda', 2, 22.5, 10),
        set(11, 'Supino reto', 3, 32.5, 8),
        set(13, 'Crucifixo', 1, 12, 12),
      ],
    });
    const legs = buildSession({
      treino_titulo: 'Treino B: pernas',
      iniciado_em: '2026-11-20T12:00:00.000Z',
      concluido_em: '2026-11-20T13:05:00.000Z',
      series: [set(21, 'Agachamento livre', 1, 60, 8)],
    });
    answerSessions([chest, legs]);
    answerProgress([]);
    renderTab();

    await screen.findByRole('heading', { level: 3, name: chest.treino_titulo });
    expect(screen.getByRole('heading', { level: 2, name: 'Sessões' })).toBeInTheDocument();
    // The day and time are the console's own, whatever its time zone: 'terça-feira, 24/11/2026 · 09:00' in São Paulo.
    const moment = (iso: string) => format(parseISO(iso), 'EEEE, dd/MM/yyyy · HH:mm', { locale: ptBR });
    expect(within(sessionCard(chest.treino_titulo)).getByText(`${moment(chest.iniciado_em)} · 52 min · 6 séries`)).toBeInTheDocument();
    expect(within(sessionCard(legs.treino_titulo)).getByText(`${moment(legs.iniciado_em)} · 1 h 5 min · 1 série`)).toBeInTheDocument();

    expect(bodyRows(within(sessionCard(chest.treino_titulo)).getByRole('table'))).toEqual([
      ['Supino reto', '30 kg × 10 · 30 kg × 10 · 32,5 kg × 8'],
      ['Tríceps corda', '20 kg × 12 · 22,5 kg × 10'],
      ['Crucifixo', '12 kg × 12'],
    ]);
    // Newest first, as the API sends them.
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([chest.treino_titulo, legs.treino_titulo]);
    expect(screen.getByText('2 de 2 sessões')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais sessões' })).not.toBeInTheDocument();
  });

  it("shows the client's 'Como foi?' and marks a session that left an exercise undone", async () => {
    const stopped = buildSession({
      treino_titulo: 'Treino A',
      incompleta: true,
      como_foi: { esforco: 4, dor: true, dor_local: 'ombro direito', nota: 'Parei no supino.' },
    });
    const easy = buildSession({ treino_titulo: 'Treino B', iniciado_em: '2026-11-20T12:00:00.000Z', concluido_em: '2026-11-20T13:05:00.000Z', como_foi: { esforco: 2, dor: false, dor_local: null, nota: null } });
    const silent = buildSession({ treino_titulo: 'Treino C', iniciado_em: '2026-11-18T12:00:00.000Z', concluido_em: '2026-11-18T13:00:00.000Z' });
    answerSessions([stopped, easy, silent]);
    answerProgress([]);
    renderTab();

    const first = within(await screen.findByRole('article', { name: 'Treino A' }));
    expect(first.getByText('incompleto')).toBeInTheDocument();
    expect(first.getByText('Esforço 4 de 5')).toBeInTheDocument();
    expect(first.getByText('Dor: ombro direito')).toBeInTheDocument();
    expect(first.getByText('“Parei no supino.”')).toBeInTheDocument();
    const second = within(sessionCard('Treino B'));
    expect(second.getByText('Esforço 2 de 5')).toBeInTheDocument();
    expect(second.getByText('Sem dor')).toBeInTheDocument();
    expect(second.queryByText('incompleto')).not.toBeInTheDocument();
    expect(within(sessionCard('Treino C')).queryByText(/Esforço/)).not.toBeInTheDocument();
  });

  it('marks a load far above its history as possibly mistyped, for the eye and for a screen reader', async () => {
    const typo = buildSession({ treino_titulo: 'Treino A', series: [set(11, 'Supino reto', 1, 30, 10), { ...set(11, 'Supino reto', 2, 300, 10), carga_suspeita: true }] });
    answerSessions([typo]);
    answerProgress([]);
    renderTab();

    const table = within(await screen.findByRole('article', { name: 'Treino A' })).getByRole('table');
    expect(bodyRows(table)).toEqual([['Supino reto', '30 kg × 10 · 300 kg × 10 (carga muito acima do histórico: talvez digitada errada) ⚠']]);
    expect(within(table).getByTitle('Carga muito acima do histórico: talvez digitada errada')).toHaveTextContent(/^300 kg × 10/);
  });

  it('loads older sessions a page at a time until there are none left', async () => {
    const sessions = Array.from({ length: SESSIONS_PAGE_SIZE + 5 }, (_, index) => buildSession({ treino_titulo: `Sessão ${index + 1}` }));
    const asked = answerSessions(sessions);
    answerProgress([]);
    renderTab();

    await screen.findByRole('heading', { level: 3, name: 'Sessão 1' });
    expect(screen.getAllByRole('article')).toHaveLength(SESSIONS_PAGE_SIZE);
    expect(screen.getByText(`${SESSIONS_PAGE_SIZE} de ${sessions.length} sessões`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: `Sessão ${sessions.length}` })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais sessões' }));

    await screen.findByRole('heading', { level: 3, name: `Sessão ${sessions.length}` });
    expect(screen.getAllByRole('article')).toHaveLength(sessions.length);
    expect(screen.getByText(`${sessions.length} de ${sessions.length} sessões`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais sessões' })).not.toBeInTheDocument();
    expect(asked).toEqual([
      { page: 0, size: SESSIONS_PAGE_SIZE },
      { page: 1, size: SESSIONS_PAGE_SIZE },
    ]);
  });

  it('keeps the sessions shown when a later page fails, and loads it on the next try', async () => {
    const sessions = Array.from({ length: SESSIONS_PAGE_SIZE + 1 }, (_, index) => buildSession({ treino_titulo: `Sessão ${index + 1}` }));
    answerSessions(sessions);
    answerProgress([]);
    renderTab();
    const more = await screen.findByRole('button', { name: 'Carregar mais sessões' });
    server.use(http.get(SESSIONS, () => HttpResponse.json({ status: 503, error: 'Service Unavailable', message: 'Serviço indisponível.' }, { status: 503 }), { once: true }));

    await userEvent.click(more);

    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço indisponível.');
    expect(screen.getAllByRole('article')).toHaveLength(SESSIONS_PAGE_SIZE);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais sessões' }));

    await screen.findByRole('heading', { level: 3, name: `Sessão ${sessions.length}` });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a session once when a new one pushed it onto the next page', async () => {
    const older = Array.from({ length: SESSIONS_PAGE_SIZE + 1 }, (_, index) => buildSession({ treino_titulo: `Sessão ${index + 1}` }));
    let sessions = older;
    server.use(
      http.get(SESSIONS, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const answer = { results: sessions.slice(page * SESSIONS_PAGE_SIZE, (page + 1) * SESSIONS_PAGE_SIZE), page, size: SESSIONS_PAGE_SIZE, total: sessions.length };
        // The client finishes a session while the team reads the first page.
        sessions = [buildSession({ treino_titulo: 'Sessão nova' }), ...older];
        return HttpResponse.json(answer);
      }),
    );
    answerProgress([]);
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Carregar mais sessões' }));

    await screen.findByRole('heading', { level: 3, name: `Sessão ${older.length}` });
    expect(screen.getAllByRole('heading', { level: 3, name: `Sessão ${SESSIONS_PAGE_SIZE}` })).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(older.length);
  });

  it('says so when the client has no session yet, and leaves progress out', async () => {
    answerSessions([]);
    answerProgress([{ atividade_id: 1, nome: 'Supino reto', pontos: [] }]);
    renderTab();

    expect(await screen.findByText('Nenhuma sessão registrada ainda.')).toBeInTheDocument();
    // Progress answers too; with nothing trained it adds nothing.
    await expect.poll(() => screen.queryByRole('heading', { name: 'Progresso por exercício' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Carregar mais sessões' })).not.toBeInTheDocument();
  });

  it("shows the server's message and tries again on request", async () => {
    answerSessions([buildSession({ treino_titulo: 'Treino A' })]);
    // Handlers added later answer first: the first call fails, the next one reaches the sessions.
    server.use(
      http.get(SESSIONS, () => HttpResponse.json({ status: 503, error: 'Service Unavailable', message: 'Serviço indisponível. Tente em instantes.' }, { status: 503 }), {
        once: true,
      }),
    );
    answerProgress([]);
    renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Serviço indisponível. Tente em instantes.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Treino A' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('SessionsTab: progress per exercise', () => {
  const bench: ActivityProgress = {
    atividade_id: 1,
    nome: 'Supino reto',
    pontos: [
      { sessao_id: 's1', data: '2026-11-10T12:00:00.000Z', carga: 30, repeticoes: 10, series: 3, rm_estimado: 40 },
      { sessao_id: 's2', data: '2026-11-17T12:00:00.000Z', carga: 30, repeticoes: 12, series: 4, rm_estimado: 42 },
      { sessao_id: 's3', data: '2026-11-24T12:00:00.000Z', carga: 32.5, repeticoes: 8, series: 3, rm_estimado: 41.2 },
    ],
  };
  const squat: ActivityProgress = {
    atividade_id: 2,
    nome: 'Agachamento livre',
    pontos: [{ sessao_id: 's0', data: '2026-11-03T12:00:00.000Z', carga: 60, repeticoes: 1, series: 1, rm_estimado: 60 }],
  };
  const untrained: ActivityProgress = { atividade_id: 3, nome: 'Remada baixa', pontos: [] };
  const day = (iso: string) => format(parseISO(iso), 'dd/MM/yyyy');

  it('opens on the exercise trained last, with its chart and the same numbers in a table, newest first', async () => {
    answerSessions([buildSession()]);
    answerProgress([squat, untrained, bench]);
    renderTab();

    const block = await screen.findByRole('article', { name: 'Supino reto' });
    expect(screen.getByRole('heading', { level: 2, name: 'Progresso por exercício' })).toBeInTheDocument();
    expect(within(block).getByRole('figure')).toHaveTextContent(`RM estimado de Supino reto (kg)Mais recente: 41,2 kg em ${day('2026-11-24T12:00:00.000Z')}`);

    const region = within(block).getByRole('region', { name: 'Melhor série de cada sessão de Supino reto' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Data', 'Melhor série', 'Séries', 'RM estimado']);
    expect(bodyRows(table)).toEqual([
      [day('2026-11-24T12:00:00.000Z'), '32,5 kg × 8', '3', '41,2 kg'],
      [day('2026-11-17T12:00:00.000Z'), '30 kg × 12', '4', '42 kg'],
      [day('2026-11-10T12:00:00.000Z'), '30 kg × 10', '3', '40 kg'],
    ]);
  });

  it('picks another exercise from the list; one with a single session shows its table without a chart', async () => {
    answerSessions([buildSession()]);
    answerProgress([squat, untrained, bench]);
    renderTab();

    const picker = await screen.findByRole('combobox', { name: 'Exercício' });
    // An exercise never trained has nothing to show.
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Agachamento livre', 'Supino reto']);
    expect(picker).toHaveValue(String(bench.atividade_id));

    await userEvent.selectOptions(picker, 'Agachamento livre');

    const block = screen.getByRole('article', { name: 'Agachamento livre' });
    expect(within(block).queryByRole('figure')).not.toBeInTheDocument();
    expect(bodyRows(within(block).getByRole('table'))).toEqual([[day('2026-11-03T12:00:00.000Z'), '60 kg × 1', '1', '60 kg']]);
    expect(screen.queryByRole('article', { name: 'Supino reto' })).not.toBeInTheDocument();
  });

  it('offers no list for a single exercise', async () => {
    answerSessions([buildSession()]);
    answerProgress([bench]);
    renderTab();

    await screen.findByRole('article', { name: 'Supino reto' });
    expect(screen.queryByRole('combobox', { name: 'Exercício' })).not.toBeInTheDocument();
  });

  it("shows the progress's own error without hiding the sessions", async () => {
    answerSessions([buildSession({ treino_titulo: 'Treino A' })]);
    answerProgress([bench]);
    server.use(http.get(PROGRESS, () => HttpResponse.json({ status: 500, error: 'Internal Server Error', message: 'Erro interno.' }, { status: 500 }), { once: true }));
    renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro interno.');
    expect(screen.getByRole('heading', { level: 3, name: 'Treino A' })).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('article', { name: 'Supino reto' })).toBeInTheDocument();
  });
});
