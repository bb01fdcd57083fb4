import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp } from '../../testing/test-utils';
import { currentUserIdOrNull } from '../../lib/session/current-user';
import { STORAGE_KEYS } from '../../lib/storage';
import { renderWorkout, stubNotifications, restoreTimersAndStubs } from './workout-page.testing';

afterEach(restoreTimersAndStubs);

describe('train mode', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });
  afterEach(() => onlineManager.setOnline(true));

  /** The workout's last session before today's: 500 kg lifted (25 kg × 10, twice). */
  const lastSession = {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    treino_id: 7,
    iniciado_em: '2026-03-10T18:30:00.000Z',
    concluido_em: '2026-03-10T19:20:00.000Z',
    series: [1, 2].map((numero) => ({ exercicio_id: 101, numero, carga: 25, repeticoes: 10, feito_em: '2026-03-10T18:40:00.000Z' })),
  };

  /** The workout, with a server that stores the sessions sent (or answers `answer`). */
  function serveSessions(answer?: () => Response) {
    const posts: Array<Record<string, unknown>> = [];
    server.use(
      http.get(apiUrl('/v1/treinos/:id/sessoes'), () => HttpResponse.json({ results: [lastSession], page: 0, size: 1, total: 1 })),
      http.post<{ id: string }, Record<string, unknown>>(apiUrl('/v1/treinos/:id/sessoes'), async ({ params, request }) => {
        const body = await request.json();
        posts.push(body);
        return answer?.() ?? HttpResponse.json({ ...body, treino_id: Number(params.id) }, { status: 201 });
      }),
    );
    return { ...renderWorkout(), posts };
  }

  const bar = () => screen.getByRole('region', { name: 'Treino em andamento' });
  const set = (number: number, title = 'Agachamento livre') => screen.getByRole('checkbox', { name: `Série ${number} de ${title} feita` });

  async function startSession(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Iniciar treino' }));
    await screen.findByRole('heading', { name: 'Séries de hoje' });
  }

  /** 'Concluir treino', and 'Concluir assim mesmo' to the question work left asks: the summary. */
  async function conclude(user: ReturnType<typeof renderApp>['user']) {
    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Concluir assim mesmo' }));
    return screen.findByRole('dialog', { name: 'Treino concluído!' });
  }

  it("lists each set with the plan's load and reps, folds the notices, and shows the progress in a bar", async () => {
    const { user } = serveSessions();
    await startSession(user);

    expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    // One row per set, each with that set of the last session ('Anterior'): it had two.
    const rows = within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Série 1', 'Série 2', 'Série 3', 'Série 4']);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Anterior: 25 kg × 10'));
    expect(rows.map((row) => within(row).getByText(/^(\d+ kg × \d+|—)$/).textContent)).toEqual([
      'Anterior: 25 kg × 10',
      'Anterior: 25 kg × 10',
      'Anterior: —',
      'Anterior: —',
    ]);
    // The steppers show under the next set to do only.
    expect(within(rows[0]!).getByRole('button', { name: 'Mais 1 kg na carga da série 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Mais 1 kg/ })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Carga da série 4' })).toHaveValue('30');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 4' })).toHaveValue('10');
    expect(screen.getByText('Avisos e atalhos do treino')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mobilidade' })).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
    // The rest shows in one place in train mode: the bar, once a set starts it.
    expect(screen.queryByRole('button', { name: 'Iniciar descanso' })).not.toBeInTheDocument();
    // Focus mode: the greeting header and the tab bar step aside; leaving keeps the session.
    expect(screen.queryByRole('button', { name: 'Sair' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sair do modo treino' })).toHaveAttribute('href', '/');
    expect(bar()).toHaveTextContent('Exercício 1 de 2');
    expect(bar()).toHaveTextContent('0 de 7 séries');

    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));

    await waitFor(() => expect(bar()).toHaveTextContent('Exercício 2 de 2'));
    // No load in the plan: the sets start at 0 kg; '15-20' starts at 15 reps.
    expect(screen.getByRole('textbox', { name: 'Carga da série 1' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 1' })).toHaveValue('15');
  });

  it("swaps an exercise for the day: another of the library's activities of its muscle group, or a written name; sent with the session", async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/v1/atividades'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          results: [
            { id: 31, titulo: 'Agachamento hack', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/hackhackhac' },
            { id: 30, titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null },
            { id: 32, titulo: 'Leg press 45°', grupo_muscular: 'Quadríceps', video: null },
          ],
        });
      }),
    );
    const { user, posts } = serveSessions();
    await startSession(user);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem')[0]).toHaveTextContent('Anterior: 25 kg × 10'));

    await user.click(screen.getByRole('button', { name: 'Trocar exercício' }));
    const dialog = screen.getByRole('dialog', { name: 'Trocar exercício' });
    // The exercise's own activity is not offered.
    const choices = await within(dialog).findAllByRole('button', { name: /^(Agachamento|Leg press)/ });
    expect(choices.map((choice) => choice.textContent)).toEqual(['Agachamento hack', 'Leg press 45°']);
    // One page of the muscle group: the API pages the library (decision 053).
    expect(asked).toEqual([`?grupo_muscular=${encodeURIComponent('Quadríceps')}&page=0&size=50`]);
    await user.click(within(dialog).getByRole('button', { name: 'Agachamento hack' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento hack' })).toBeInTheDocument();
    expect(screen.getByText('no lugar de Agachamento livre')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Agachamento hack' })).toBeInTheDocument();
    // Last session's sets were of the planned activity: nothing to compare with today.
    expect(within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem')[0]).toHaveTextContent('Anterior: —');
    await user.click(set(1, 'Agachamento hack'));

    // Undone, and swapped again for a name the library lacks; a blank one is refused at the field.
    await user.click(screen.getByRole('button', { name: 'Desfazer troca' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento livre' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trocar exercício' }));
    const again = screen.getByRole('dialog', { name: 'Trocar exercício' });
    await user.click(within(again).getByRole('button', { name: 'Usar este nome' }));
    expect(within(again).getByRole('textbox', { name: 'Outro exercício' })).toHaveAccessibleDescription('Escreva o nome do exercício.');
    await user.type(within(again).getByRole('textbox', { name: 'Outro exercício' }), 'Agachamento no smith');
    await user.click(within(again).getByRole('button', { name: 'Usar este nome' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento no smith' })).toBeInTheDocument();

    const summary = await conclude(user);
    const lines = within(within(summary).getByRole('region', { name: 'Exercícios' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Agachamento no smithno lugar de Agachamento livre30 kg × 10');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.trocas).toEqual([{ exercicio_id: 101, nome: 'Agachamento no smith' }]);
    expect(posts[0]!.series).toEqual([{ exercicio_id: 101, numero: 1, carga: 30, repeticoes: 10, feito_em: expect.any(String) }]);
  });

  it('lists the exercises top to bottom, each with how far it is done', async () => {
    const { user } = serveSessions();
    await startSession(user);
    const exercises = screen.getByRole('tablist', { name: 'Exercícios' });
    expect(exercises).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('Não iniciado');

    await user.click(set(1));

    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('1 de 4');
    for (const number of [2, 3, 4]) await user.click(set(number));
    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('Feito');
    expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAccessibleDescription('Não iniciado');
  });

  it('steps a load by 1 kg and reps by 1, takes a typed 22,5, and gives back what cannot be a load', async () => {
    const { user } = serveSessions();
    await startSession(user);
    const load = screen.getByRole('textbox', { name: 'Carga da série 1' });

    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Menos 1 repetição na série 1' }));
    expect(load).toHaveValue('32');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 1' })).toHaveValue('9');

    await user.clear(load);
    await user.type(load, '22,5{Enter}');
    expect(load).toHaveValue('22,5');
    await user.clear(load);
    await user.type(load, 'muito');
    await user.tab();
    expect(load).toHaveValue('22,5');
  });

  it("'Iniciar treino' asks, if undecided, to notify the rests' ends, so that the first set's tick does not", async () => {
    const notifications = stubNotifications('default', 'granted');
    const { user } = serveSessions();
    await startSession(user);
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);

    await user.click(set(1));
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("ticking a set records it and starts the exercise's rest; the last set opens the next exercise, with the way back", async () => {
    const { user } = serveSessions();
    await startSession(user);

    await user.click(set(1));

    expect(set(1)).toBeChecked();
    expect(bar()).toHaveTextContent('1 de 7 séries');
    expect(within(bar()).getByRole('timer')).toHaveTextContent('1:30');
    // A frame after the tick has painted, the steppers move on to the next set to do.
    expect(await screen.findByRole('button', { name: 'Mais 1 kg na carga da série 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mais 1 kg na carga da série 1' })).not.toBeInTheDocument();
    for (const number of [2, 3, 4]) await user.click(set(number));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus());
    expect(bar()).toHaveTextContent('Exercício 2 de 2');
    expect(within(bar()).getByRole('timer')).toHaveTextContent('1:30');
    // The last exercise has none to skip to.
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();

    // Back on a finished exercise, the next one is a tap away.
    await user.click(screen.getByRole('tab', { name: 'Agachamento livre' }));
    const onward = await screen.findByRole('button', { name: 'Próximo exercício: Panturrilha em pé' });
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();
    await user.click(onward);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
  });

  it("'Pular exercício' opens the next one without ticking anything", async () => {
    const { user } = serveSessions();
    await startSession(user);

    await user.click(screen.getByRole('button', { name: 'Pular exercício' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus());
    expect(bar()).toHaveTextContent('0 de 7 séries');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('adds a set like the last one and removes one still to do, never the only one; the sets are sent numbered in order', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(set(1));

    await user.click(screen.getByRole('button', { name: 'Adicionar série' }));

    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Carga da série 5' })).toHaveValue('30');
    expect(bar()).toHaveTextContent('1 de 8 séries');
    // A set done cannot be removed: its row has no strip once ticked.
    await user.click(screen.getByRole('textbox', { name: 'Carga da série 1' }));
    expect(screen.queryByRole('button', { name: 'Remover série 1' })).not.toBeInTheDocument();

    for (const number of [2, 2, 2, 2]) {
      await user.click(screen.getByRole('textbox', { name: `Carga da série ${number}` }));
      await user.click(screen.getByRole('button', { name: `Remover série ${number}` }));
    }

    // The sets to do go one by one; set 1, done, stays.
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remover série/ })).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent('1 de 4 séries');

    await user.click(screen.getByRole('button', { name: 'Adicionar série' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 repetição na série 2' }));
    await user.click(set(2));
    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));
    await user.click(await screen.findByRole('textbox', { name: 'Carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Remover série 1' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Concluir assim mesmo' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.series).toEqual([
      { exercicio_id: 101, numero: 1, carga: 31, repeticoes: 10, feito_em: expect.any(String) },
      { exercicio_id: 101, numero: 2, carga: 31, repeticoes: 11, feito_em: expect.any(String) },
    ]);
  });

  it('asks before concluding with work left, sends the sets done once, and sums them up on a screen of its own', async () => {
    const { user, posts } = serveSessions();
    const copied = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: copied }, configurable: true });
    await startSession(user);
    // The steppers show under the row being edited.
    await user.click(screen.getByRole('textbox', { name: 'Carga da série 2' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 2' }));
    await user.click(set(1));
    await user.click(set(2));
    expect(within(bar()).getByRole('timer')).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    const asking = screen.getByRole('dialog');
    expect(within(asking).getByRole('heading', { name: 'Faltam 2 exercícios. Concluir assim mesmo?' })).toBeInTheDocument();
    expect(asking).toHaveTextContent('2 de 7 séries feitas.');
    await user.click(within(asking).getByRole('button', { name: 'Continuar treinando' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    const summary = await conclude(user);

    expect(within(summary).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['0 min', '2', '610 kg']);
    expect(summary).toHaveTextContent('Volume +22 % em relação ao último treino');
    const exercises = within(within(summary).getByRole('region', { name: 'Exercícios' })).getAllByRole('listitem');
    expect(exercises.map((line) => line.textContent)).toEqual(['Agachamento livre30 kg × 10 · 31 kg × 10', 'Panturrilha em péNão feito']);
    expect(await within(summary).findByText('Treino salvo.')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iniciado_em: expect.any(String),
        concluido_em: expect.any(String),
        series: [
          { exercicio_id: 101, numero: 1, carga: 30, repeticoes: 10, feito_em: expect.any(String) },
          { exercicio_id: 101, numero: 2, carga: 31, repeticoes: 10, feito_em: expect.any(String) },
        ],
        trocas: [],
      },
    ]);
    // The rest ended with the session: nothing counts down behind the summary.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Compartilhar' }));
    expect(copied).toHaveBeenCalledWith(expect.stringContaining('Agachamento livre: 30 kg × 10 · 31 kg × 10\nPanturrilha em pé: não feito'));
    expect(copied).toHaveBeenCalledWith(expect.stringContaining('610 kg (+22 % que o último treino)'));
    expect(await screen.findByText('Resumo copiado.')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Pronto' }));
    expect(screen.queryByRole('region', { name: 'Treino em andamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar treino' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mobilidade' })).toBeVisible();
  });

  it('concludes a workout done whole at once, without asking', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    for (const number of [1, 2, 3, 4]) await user.click(set(number));
    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));
    for (const number of [1, 2, 3]) await user.click(await screen.findByRole('checkbox', { name: `Série ${number} de Panturrilha em pé feita` }));

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));

    expect(await screen.findByRole('dialog', { name: 'Treino concluído!' })).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('will not conclude a session with no set done; discarding asks on its own and can be undone', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(set(1));
    await user.click(set(1));

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Nenhuma série feita' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Marque ao menos uma série feita para concluir, ou descarte o treino.');
    expect(within(dialog).queryByRole('button', { name: /Concluir/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Descartar treino' }));

    const discarding = screen.getByRole('dialog');
    expect(within(discarding).getByRole('heading', { name: 'Descartar treino?' })).toBeInTheDocument();
    await user.click(within(discarding).getByRole('button', { name: 'Descartar treino' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar treino' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Desfazer' }));

    expect(await screen.findByRole('region', { name: 'Treino em andamento' })).toBeInTheDocument();
  });

  it('resumes the session after the app is closed and opened again', async () => {
    const { user, unmount, device } = serveSessions();
    await startSession(user);
    await user.click(set(2));
    unmount();

    renderApp('/workout/7', { device });

    await waitFor(() => expect(set(2)).toBeChecked());
    expect(set(1)).not.toBeChecked();
    expect(bar()).toHaveTextContent('1 de 7 séries');
  });

  it('ended offline, waits for the connection and is then sent, once', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(set(1));
    act(() => onlineManager.setOnline(false));

    const dialog = await conclude(user);

    expect(within(dialog).getByRole('status')).toHaveTextContent('Sem conexão: o treino será enviado quando a internet voltar.');
    expect(posts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Treino salvo.'));
    expect(posts).toHaveLength(1);
  });

  describe("'Como foi?'", () => {
    /** The session's word as the server gets it, in the order the calls arrive. */
    function serveFeedback(calls: string[]) {
      const patches: Array<{ id: string; body: Record<string, unknown> }> = [];
      server.use(
        http.patch<{ id: string }, Record<string, unknown>>(apiUrl('/v1/sessoes/:id'), async ({ params, request }) => {
          const body = await request.json();
          calls.push('PATCH');
          patches.push({ id: params.id, body });
          return HttpResponse.json({ ...lastSession, id: params.id, trocas: [], como_foi: body });
        }),
      );
      return patches;
    }

    it('asks for the effort before sending, then sends it with where it hurt and the note', async () => {
      const { user, posts } = serveSessions();
      const patches = serveFeedback([]);
      await startSession(user);
      await user.click(set(1));
      const dialog = await conclude(user);
      await waitFor(() => expect(posts).toHaveLength(1));

      const feedback = within(dialog).getByRole('region', { name: 'Como foi?' });
      await user.click(within(feedback).getByRole('button', { name: 'Enviar' }));
      expect(within(feedback).getByRole('group', { name: 'Esforço' })).toHaveAccessibleDescription('Escolha o esforço, de 1 a 5.');
      // The first effort takes the focus, so that the group's error is read out.
      expect(within(feedback).getByRole('radio', { name: '1, leve' })).toHaveFocus();
      expect(patches).toEqual([]);

      await user.click(within(feedback).getByRole('radio', { name: '4, muito intenso' }));
      expect(within(feedback).getByRole('group', { name: 'Esforço' })).toHaveAccessibleDescription('1 é leve, 5 é o máximo que você consegue.');
      expect(within(feedback).queryByRole('textbox', { name: 'Onde?' })).not.toBeInTheDocument();
      await user.click(within(feedback).getByRole('radio', { name: 'Sim' }));
      await user.type(within(feedback).getByRole('textbox', { name: 'Onde?' }), 'ombro direito');
      await user.type(within(feedback).getByRole('textbox', { name: 'Quer contar algo à equipe? (opcional)' }), 'Parei no supino.');
      await user.click(within(feedback).getByRole('button', { name: 'Enviar' }));

      expect(await within(dialog).findByText('Obrigado! A equipe vai ver como foi.')).toHaveFocus();
      await waitFor(() => expect(patches).toHaveLength(1));
      expect(patches[0]).toEqual({ id: posts[0]!.id, body: { esforco: 4, dor: true, dor_local: 'ombro direito', nota: 'Parei no supino.' } });
    });

    it('ended and answered offline, goes behind its session once the connection returns', async () => {
      const { user } = serveSessions();
      const calls: string[] = [];
      server.use(
        http.post(apiUrl('/v1/treinos/:id/sessoes'), async ({ params, request }) => {
          calls.push('POST');
          return HttpResponse.json({ ...((await request.json()) as object), treino_id: Number(params.id) }, { status: 201 });
        }),
      );
      const patches = serveFeedback(calls);
      await startSession(user);
      await user.click(set(1));
      act(() => onlineManager.setOnline(false));
      const dialog = await conclude(user);

      const feedback = within(dialog).getByRole('region', { name: 'Como foi?' });
      await user.click(within(feedback).getByRole('radio', { name: '2, moderado' }));
      await user.click(within(feedback).getByRole('button', { name: 'Enviar' }));
      expect(await within(dialog).findByText('Sem conexão: sua avaliação será enviada quando a internet voltar.')).toBeInTheDocument();
      expect(calls).toEqual([]);

      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(calls).toEqual(['POST', 'PATCH']));
      expect(patches[0]!.body).toEqual({ esforco: 2, dor: false, dor_local: null, nota: '' });
      expect(await within(dialog).findByText('Obrigado! A equipe vai ver como foi.')).toBeInTheDocument();
    });

    it("'Pular' leaves it out: nothing is sent, and the focus goes on to the exercises", async () => {
      const { user, posts, queryClient } = serveSessions();
      const patches = serveFeedback([]);
      await startSession(user);
      await user.click(set(1));
      const dialog = await conclude(user);
      await user.click(within(within(dialog).getByRole('region', { name: 'Como foi?' })).getByRole('button', { name: 'Pular' }));
      expect(within(dialog).queryByRole('region', { name: 'Como foi?' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('heading', { name: 'Exercícios' })).toHaveFocus();
      await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Treino salvo.'));
      expect(posts).toHaveLength(1);
      // Nothing waits behind the session either.
      expect(queryClient.getMutationCache().findAll({ mutationKey: ['training', 'feedback'] })).toEqual([]);
      expect(patches).toEqual([]);
    });

    it('is not offered for a session the server refused', async () => {
      const { user } = serveSessions(() => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'series.0.carga: inválida' }, { status: 400 }));
      await startSession(user);
      await user.click(set(1));
      const dialog = await conclude(user);
      await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Não foi possível salvar o treino.'));
      expect(within(dialog).queryByRole('region', { name: 'Como foi?' })).not.toBeInTheDocument();
    });
  });

  it('says so when the server refuses the session', async () => {
    const { user } = serveSessions(() => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'series.0.carga: inválida' }, { status: 400 }));
    await startSession(user);
    await user.click(set(1));

    const dialog = await conclude(user);

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Não foi possível salvar o treino.'));
    expect(await screen.findAllByText('Não foi possível salvar o treino.')).toHaveLength(2);
  });

  it('is a tap away from every other screen, with the rest running above it', async () => {
    const { user, router } = serveSessions();
    await startSession(user);
    await user.click(set(1));

    await act(() => router.navigate('/profile'));

    const bars = await screen.findByRole('region', { name: 'Treino em andamento' });
    expect(within(bars).getByRole('region', { name: 'Descanso em andamento' })).toHaveTextContent('Agachamento livre');
    expect(within(bars).getByText('Treino A - Inferiores')).toBeInTheDocument();
    // Two rows: the root's scroll padding keeps focus clear of both (index.css).
    expect(document.documentElement).toHaveAttribute('data-bottom-bar-rows', '2');
    await user.click(within(bars).getByRole('link', { name: 'Continuar treino' }));
    await screen.findByRole('heading', { name: 'Séries de hoje' });
    expect(set(1)).toBeChecked();
  });

  it("offers the way back to another workout's session instead of a second one", async () => {
    serveSessions();
    localStorage.setItem(
      STORAGE_KEYS.trainSession,
      JSON.stringify({ userId: currentUserIdOrNull(), id: 'f0e1d2c3-b4a5-4968-8776-655443322110', workoutId: 8, workoutTitle: 'Treino B - Superiores', startedAt: new Date().toISOString(), sets: {} }),
    );

    expect(await screen.findByText('Há um treino em andamento: Treino B - Superiores.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao treino' })).toHaveAttribute('href', '/workout/8');
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
  });
});
