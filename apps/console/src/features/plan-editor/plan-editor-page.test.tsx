import type { PlanDraft, PlanSummary, PublishPlanRequest } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryHandler } from '../../testing/library';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { buildClient, headerOf, rosterAnswer } from '../../testing/roster';
import { PlanEditorPage } from './plan-editor-page';

const CLIENT = '/api/v1/equipe/clientes/7';
const RAFAEL = { id: 2, email: 'personal@demo.fit', roles: ['ROLE_PERSONAL'] };

const rita = buildClient({ id: 7, nome: 'Rita Teixeira', email: 'rita@teste.fit', convite_pendente: true });
const library = [
  { id: 1, titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' },
  { id: 2, titulo: 'Supino reto', grupo_muscular: 'Peito', video: null },
];

const summary: PlanSummary = {
  id: 31,
  plano: 'PRO',
  data_consulta: '2026-11-26',
  vencimento: '2027-01-25',
  publicado_em: '2026-11-26T15:00:00.000Z',
  publicado_por: { id: 3, nome: 'Marina Alves' },
  dietas: 0,
  treinos: 1,
};

/** Answers the editor's reads; returns the drafts saved and the plans published. */
function answer({ draft = null, history = [] }: { draft?: PlanDraft | null; history?: PlanSummary[] } = {}) {
  const saved: { plano: Record<string, unknown>; avaliacao_base: number | null }[] = [];
  const published: PublishPlanRequest[] = [];
  server.use(
    http.get('/api/v1/users/me', () => HttpResponse.json(RAFAEL)),
    http.get(CLIENT, () => HttpResponse.json(headerOf(rita))),
    libraryHandler(library),
    http.get(`${CLIENT}/planos`, () => HttpResponse.json({ results: history, page: 0, size: 100, total: history.length })),
    http.get(`${CLIENT}/rascunho`, () => HttpResponse.json({ rascunho: draft })),
    http.put(`${CLIENT}/rascunho`, async ({ request }) => {
      const body = (await request.json()) as (typeof saved)[number];
      saved.push(body);
      return HttpResponse.json({ rascunho: { ...body, editado_por: { id: 2, nome: 'Rafael Costa' }, editado_em: '2026-11-26T15:04:00.000Z' } });
    }),
    http.post(`${CLIENT}/planos`, async ({ request }) => {
      published.push((await request.json()) as PublishPlanRequest);
      return HttpResponse.json(summary, { status: 201 });
    }),
  );
  return { saved, published };
}

const renderEditor = () => renderRoute(<PlanEditorPage />, { pattern: '/clientes/:id/plano', path: '/clientes/7/plano' });

/** The editor of a blank plan, started from the chooser. */
async function startBlank() {
  const view = renderEditor();
  expect(await screen.findByRole('radio', { name: /Copiar o plano atual do cliente/ })).toBeDisabled();
  await userEvent.click(screen.getByRole('radio', { name: /Começar um plano em branco/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Começar' }));
  await screen.findByRole('heading', { level: 2, name: 'Avaliação' });
  return view;
}

const draftOf = (plano: Record<string, unknown>, editor = { id: 3, nome: 'Marina Alves' }): PlanDraft => ({
  plano,
  avaliacao_base: null,
  editado_por: editor,
  editado_em: '2026-11-26T14:30:00.000Z',
});

const twoExercises = {
  evaluation: { plano: 'PRO', data_consulta: '2026-11-26', peso: 70, altura: 170, objetivo: 'Força' },
  workouts: [
    {
      titulo: 'Treino A',
      dias: ['SEGUNDA'],
      exercises: [
        { atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' }, series: 4, repeticoes: '10', tempo_descanso: 90 },
        { atividade: { titulo: 'Supino reto', grupo_muscular: 'Peito', video: null }, series: 3, repeticoes: '12', carga: 20, tempo_descanso: 60 },
      ],
    },
  ],
  diets: [],
};

describe('PlanEditorPage', () => {
  // The new plan is dated today: the clock is fixed (decision 032); requests and user events keep real timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts a blank plan dated today, vencimento 60 days later, and saves it as a draft as it is edited', async () => {
    const { saved } = answer();
    await startBlank();

    expect(screen.getByLabelText('Data da consulta')).toHaveValue('2026-11-26');
    expect(screen.getByLabelText('Vencimento')).toHaveValue('2027-01-25');
    await userEvent.selectOptions(screen.getByLabelText('Plano'), 'PRO');
    await userEvent.type(screen.getByLabelText('Peso (kg)'), '67,5');
    await userEvent.type(screen.getByLabelText('Carga (kg)'), '32,5');
    await userEvent.click(screen.getByRole('button', { name: 'Segunda' }));

    await waitFor(() => expect(saved.at(-1)?.plano).toMatchObject({ evaluation: { plano: 'PRO', peso: 67.5 } }), { timeout: 5000 });
    const plan = saved.at(-1)!.plano as { workouts: { dias: string[]; exercises: { carga: number }[] }[] };
    expect(plan.workouts[0]!.dias).toEqual(['SEGUNDA']);
    expect(plan.workouts[0]!.exercises[0]!.carga).toBe(32.5);
    expect(saved.at(-1)!.avaliacao_base).toBeNull();
    expect(await screen.findByText(/Rascunho salvo às/)).toBeInTheDocument();
  });

  it("is named after the client, and copies another client's latest plan, found by a search of the roster", async () => {
    answer();
    const bruno = buildClient({ id: 8, nome: 'Bruno Lima', plano: 'PRO', vencimento: '2027-01-25' });
    const searched: (string | null)[] = [];
    server.use(
      http.get('/api/v1/equipe/clientes', ({ request }) => {
        const busca = new URL(request.url).searchParams.get('busca');
        searched.push(busca);
        // The client themselves and a client without a plan are no source.
        return HttpResponse.json(rosterAnswer(busca ? [bruno] : [rita, buildClient({ nome: 'Sem Plano' }), bruno]));
      }),
      http.get('/api/v1/equipe/clientes/8/planos', () => HttpResponse.json({ results: [summary], page: 0, size: 100, total: 1 })),
      http.get('/api/v1/equipe/clientes/8/planos/31', () => HttpResponse.json(twoExercises)),
    );
    renderEditor();
    expect(await screen.findByRole('link', { name: 'Rita Teixeira' })).toHaveAttribute('href', '/clientes/7/planos');

    await userEvent.click(await screen.findByRole('radio', { name: /Copiar o plano de outro cliente/ }));
    const choices = screen.getByRole('combobox', { name: 'Cliente' });
    await waitFor(() => expect(within(choices).getAllByRole('option').map((option) => option.textContent)).toEqual(['Escolha o cliente', 'Bruno Lima · PRO']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'bru');
    await waitFor(() => expect(searched.at(-1)).toBe('bru'));
    await userEvent.selectOptions(choices, 'Bruno Lima · PRO');
    await userEvent.click(screen.getByRole('button', { name: 'Começar' }));

    expect(await screen.findByDisplayValue('Treino A')).toBeInTheDocument();
    expect(screen.getByLabelText('Data da consulta')).toHaveValue('2026-11-26');
    expect(searched).toEqual([null, 'bru']);
    // The copy is the new plan's draft.
    expect(await screen.findByText(/Rascunho salvo às/)).toBeInTheDocument();
  });

  it('shows every error of publishing at its field and in a list that leads to each, and stays on the editor', async () => {
    const { saved } = answer();
    server.use(
      http.post(`${CLIENT}/planos`, () =>
        HttpResponse.json(
          {
            status: 400,
            error: 'Bad Request',
            message: 'O plano tem 2 erros; nada foi publicado.',
            code: 'InvalidPlan',
            field: 'evaluation.peso',
            erros: [
              { campo: 'evaluation.peso', caminho: ['evaluation', 'peso'], mensagem: 'Invalid input: expected number, received undefined' },
              { campo: 'workouts[0].exercises[0].series', caminho: ['workouts', 0, 'exercises', 0, 'series'], mensagem: 'Too small: expected number to be >=1' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { router } = await startBlank();

    await userEvent.click(screen.getByRole('button', { name: 'Publicar plano' }));

    const list = await screen.findByRole('alert');
    expect(within(list).getByRole('heading', { name: 'O plano tem 2 erros; nada foi publicado.' })).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveFocus());
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Avaliação › Peso (kg)', 'Treino 1 › Exercício 1 › Séries']);
    expect(screen.getByLabelText('Séries')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Séries')).toHaveAccessibleDescription('Informe um número inteiro de séries, de 1 a 100.');
    expect(screen.getByLabelText('Peso (kg)')).toHaveAccessibleDescription('Informe o peso em kg, de 20 a 400 (ex.: 67,5).');

    Element.prototype.scrollIntoView = () => {};
    await userEvent.click(links[1]!);
    expect(screen.getByLabelText('Séries')).toHaveFocus();

    // Fixing a field takes its error off the field and the list.
    await userEvent.clear(screen.getByLabelText('Séries'));
    await userEvent.type(screen.getByLabelText('Séries'), '3');
    expect(screen.getByLabelText('Séries')).toHaveAttribute('aria-invalid', 'false');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/clientes/7/plano');
    // Publishing saved the draft first; the fix is saved after it.
    await waitFor(() => expect(saved).toHaveLength(2), { timeout: 5000 });
  });

  it('takes the skinfolds with a decimal comma and notes for the client, saved in the draft, with their publishing errors at their fields', async () => {
    const { saved } = answer();
    server.use(
      http.post(`${CLIENT}/planos`, () =>
        HttpResponse.json(
          {
            status: 400,
            error: 'Bad Request',
            message: 'O plano tem 2 erros; nada foi publicado.',
            code: 'InvalidPlan',
            field: 'evaluation.observacoes',
            erros: [
              { campo: 'evaluation.observacoes', caminho: ['evaluation', 'observacoes'], mensagem: 'Too big: expected string to have <=2000 characters' },
              { campo: 'evaluation.dobra_triceps', caminho: ['evaluation', 'dobra_triceps'], mensagem: 'Too big: expected number to be <=100' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await startBlank();

    const skinfolds = screen.getByRole('group', { name: 'Dobras cutâneas (mm, opcionais)' });
    expect(within(skinfolds).getAllByRole('textbox').map((input) => input.getAttribute('inputmode'))).toEqual(Array(7).fill('decimal'));
    await userEvent.type(within(skinfolds).getByLabelText('Dobra do tríceps (mm)'), '12,5');
    await userEvent.type(screen.getByLabelText('Observações para o cliente'), 'Beba água ao longo do dia.');
    await waitFor(() => expect(saved.at(-1)?.plano).toMatchObject({ evaluation: { dobra_triceps: 12.5, observacoes: 'Beba água ao longo do dia.' } }), { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Publicar plano' }));

    const list = await screen.findByRole('alert');
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Avaliação › Observações para o cliente', 'Avaliação › Dobra do tríceps (mm)']);
    expect(screen.getByLabelText('Observações para o cliente')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Observações para o cliente')).toHaveAccessibleDescription('Escreva no máximo 2.000 caracteres, ou deixe em branco.');
    expect(screen.getByLabelText('Dobra do tríceps (mm)')).toHaveAccessibleDescription('Informe a dobra em mm, de 0 a 100 (ex.: 12,5), ou deixe em branco.');
  });

  it('asks before replacing a plan published since the editor opened, and replaces it when told to', async () => {
    const { published } = answer({ history: [summary] });
    server.use(
      http.get(`${CLIENT}/planos/31`, () => HttpResponse.json(twoExercises)),
      http.post(
        `${CLIENT}/planos`,
        () =>
          HttpResponse.json(
            {
              status: 409,
              error: 'Conflict',
              message: 'Um plano mais recente foi publicado por Marina Alves depois que este editor abriu.',
              code: 'NewerPlanPublished',
              field: 'avaliacao_base',
              plano_recente: { ...summary, id: 32 },
            },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    const { router } = renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Começar' }));
    // The client's current plan, copied, dated today.
    expect(await screen.findByLabelText('Peso (kg)')).toHaveValue('70');
    expect(screen.getAllByLabelText('Atividade').map((input) => (input as HTMLInputElement).value)).toEqual(['Agachamento livre', 'Supino reto']);

    await userEvent.click(screen.getByRole('button', { name: 'Publicar plano' }));
    const dialog = await screen.findByRole('dialog', { name: 'Há um plano mais recente' });
    expect(dialog).toHaveTextContent('Um plano mais recente foi publicado por Marina Alves depois que este editor abriu.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar mesmo assim' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes/7/planos'));
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ avaliacao_base: 31, substituir: true });
  });

  it("opens another member's draft saying who is editing it", async () => {
    answer({ draft: draftOf(twoExercises) });
    renderEditor();

    expect(await screen.findByText('Marina Alves está editando este plano (rascunho salvo em 26/11/2026 às ' + new Date('2026-11-26T14:30:00.000Z').toTimeString().slice(0, 5) + '). Suas mudanças substituem o rascunho dele(a).')).toBeInTheDocument();
    expect(screen.getByLabelText('Título do treino')).toHaveValue('Treino A');
    expect(screen.queryByRole('button', { name: 'Começar' })).not.toBeInTheDocument();
  });

  it('reorders exercises with the keyboard, focus following the exercise moved', async () => {
    const { saved } = answer({ draft: draftOf(twoExercises, { id: 2, nome: 'Rafael Costa' }) });
    renderEditor();
    const down = await screen.findByRole('button', { name: 'Mover Agachamento livre para baixo' });
    expect(screen.getByRole('button', { name: 'Mover Agachamento livre para cima' })).toBeDisabled();

    down.focus();
    await userEvent.keyboard('{Enter}');

    expect(screen.getAllByLabelText('Atividade').map((input) => (input as HTMLInputElement).value)).toEqual(['Supino reto', 'Agachamento livre']);
    // Now last, it cannot go further down: focus is on the way back up.
    expect(screen.getByRole('button', { name: 'Mover Agachamento livre para cima' })).toHaveFocus();
    expect(screen.getByText('Agachamento livre movido para a posição 2 de 2.')).toHaveAttribute('role', 'status');

    await userEvent.click(screen.getByRole('button', { name: 'Duplicar Supino reto' }));
    expect(screen.getAllByLabelText('Atividade').map((input) => (input as HTMLInputElement).value)).toEqual(['Supino reto', 'Supino reto', 'Agachamento livre']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Remover Supino reto' })[0]!);
    await waitFor(() => expect(saved.at(-1)?.plano).toMatchObject({ workouts: [{ exercises: [{ atividade: { titulo: 'Supino reto' } }, { atividade: { titulo: 'Agachamento livre' } }] }] }), {
      timeout: 5000,
    });
  });

  it('fills an exercise from the library, found by muscle group', async () => {
    const { saved } = answer();
    await startBlank();

    await userEvent.click(screen.getByRole('button', { name: 'Buscar na biblioteca: Exercício 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biblioteca de atividades' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Buscar atividade' }), 'quadri');
    // The API searches: the dialog shows what it answers once the typing pauses.
    await waitFor(() => expect(within(dialog).queryByText('Supino reto')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('link', { name: 'Vídeo de Agachamento livre (abre em outra aba)' })).toHaveAttribute('href', 'https://youtu.be/agacha');
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 atividade');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escolher Agachamento livre (Quadríceps)' }));

    expect(screen.getByLabelText('Atividade')).toHaveValue('Agachamento livre');
    expect(screen.getByLabelText('Grupo muscular')).toHaveValue('Quadríceps');
    await waitFor(() => expect(screen.getByLabelText('Link do vídeo')).toHaveAccessibleDescription('Atividade da biblioteca.'));
    await waitFor(() => expect(saved.at(-1)?.plano).toMatchObject({ workouts: [{ exercises: [{ atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' } }] }] }), { timeout: 5000 });
  });
});
