import type { Exercise } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp } from '../../testing/test-utils';
import { recordRequests } from '../../testing/record-requests';
import { squat, calf, notFound, renderWorkout, stubNotifications, restoreTimersAndStubs } from './workout-page.testing';

afterEach(restoreTimersAndStubs);

describe('load dialog', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  afterEach(() => onlineManager.setOnline(true));

  /** The exercises as the server holds them; the PUT handler changes them like the API would. */
  function serveLoads(answer?: (body: { carga: number | null }) => Response | Promise<Response>) {
    let exercises: Exercise[] = [squat, calf];
    const puts: unknown[] = [];
    const view = renderWorkout({ exercises: () => HttpResponse.json(paged(exercises)) });
    /** Closes the app and opens it again on the same device, still at the workout. */
    const reopen = () => {
      view.unmount();
      return renderApp('/workout/7', { device: view.device });
    };
    server.use(
      http.put<{ id: string }, { carga: number | null }>(apiUrl('/v1/exercicios/:id'), async ({ params, request }) => {
        const body = await request.json();
        puts.push({ id: params.id, body });
        if (answer) return answer(body);
        exercises = exercises.map((exercise) => (exercise.id === Number(params.id) ? { ...exercise, carga: body.carga } : exercise));
        return HttpResponse.json(exercises.find((exercise) => exercise.id === Number(params.id)));
      }),
    );
    return { ...view, puts, reopen };
  }

  async function openDialog(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Editar carga' }));
    return screen.findByRole('dialog', { name: 'Editar carga' });
  }

  it('opens with the saved load; Salvar stays disabled until the value changes', async () => {
    const { user } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');

    expect(input).toHaveValue('30');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '30');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.type(input, '5');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('holds at most 4 characters', async () => {
    const { user } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');

    await user.clear(input);
    await user.type(input, '123456');

    expect(input).toHaveValue('1234');
  });

  it('saves through PUT, refreshes the list and closes', async () => {
    const { user, puts } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '32.5');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: '101', body: { carga: 32.5 } }]);
    expect(await screen.findByText('32,5 kg')).toBeInTheDocument();
  });

  it('saves an empty value as 0', async () => {
    const { user, puts } = serveLoads();
    const dialog = await openDialog(user);

    await user.clear(within(dialog).getByLabelText('Carga (kg)'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(puts).toEqual([{ id: '101', body: { carga: 0 } }]));
    expect(await screen.findByText('0 kg')).toBeInTheDocument();
  });

  it('keeps Salvar disabled while the save is pending', async () => {
    const { user } = serveLoads(async () => {
      await delay('infinite');
      return notFound();
    });
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '40');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toHaveAttribute('aria-busy', 'true');
  });

  it("on failure toasts 'Erro ao atualizar carga.' and stays open with the typed value", async () => {
    const { user } = serveLoads(() =>
      HttpResponse.json({ status: 400, error: 'Bad Request', message: 'carga: inválida' }, { status: 400 }),
    );
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '45');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Erro ao atualizar carga.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar carga' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Carga (kg)')).toHaveValue('45');
    // The list behind the dialog still shows the saved load.
    expect(screen.getByText('30 kg')).toBeInTheDocument();
  });

  async function saveLoad(user: ReturnType<typeof renderApp>['user'], tab: string, value: string) {
    await user.click(screen.getByRole('tab', { name: tab }));
    await waitFor(() => expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true'));
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, value);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  }

  it('offline, shows the new load at once as waiting, closes, keeps it across a reopening, and sends it when back online', async () => {
    const { user, puts, reopen } = serveLoads();
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));

    await saveLoad(user, 'Agachamento livre', '35');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('35 kg')).toBeInTheDocument();
    expect(screen.getByText('Aguardando conexão')).toBeInTheDocument();

    reopen();

    expect(await screen.findByText('35 kg')).toBeInTheDocument();
    expect(screen.getByText('Aguardando conexão')).toBeInTheDocument();
    expect(puts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: '101', body: { carga: 35 } }]);
    expect(screen.getByText('35 kg')).toBeInTheDocument();
  });

  it('sends the edits made offline one at a time, in the order made, each once', async () => {
    const { user, puts } = serveLoads();
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));

    await saveLoad(user, 'Agachamento livre', '35');
    await saveLoad(user, 'Panturrilha em pé', '20');
    await saveLoad(user, 'Agachamento livre', '37');
    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts).toEqual([
      { id: '101', body: { carga: 35 } },
      { id: '102', body: { carga: 20 } },
      { id: '101', body: { carga: 37 } },
    ]);
    await waitFor(() => expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument());
  });

  it("puts the saved load back with 'Erro ao atualizar carga.' when the server refuses an edit made offline", async () => {
    const { user, puts } = serveLoads(() =>
      HttpResponse.json({ status: 400, error: 'Bad Request', message: 'carga: inválida' }, { status: 400 }),
    );
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));
    await saveLoad(user, 'Agachamento livre', '45');
    expect(await screen.findByText('Aguardando conexão')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByText('30 kg')).toBeInTheDocument();
    expect(screen.getByText('Erro ao atualizar carga.')).toBeInTheDocument();
    expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });
});

describe('offline', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });
  afterEach(() => onlineManager.setOnline(true));

  it('opens a workout seen before from the saved copy, without asking the server, and says so', async () => {
    const first = renderWorkout();
    await screen.findAllByRole('tab');
    first.unmount();
    act(() => onlineManager.setOnline(false));
    const requests = recordRequests();

    renderWorkout({ device: first.device });

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Sem conexão — mostrando os dados salvos');
    expect(requests.count('GET /api/v1/treinos/7/exercicios')).toBe(0);
    requests.stop();
  });

  it('says to open it once online when it was never loaded, instead of loading forever', async () => {
    act(() => onlineManager.setOnline(false));

    renderWorkout();

    expect(
      await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.'),
    ).toBeInTheDocument();
    expect(document.querySelector('main [data-slot="skeleton"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toBeInTheDocument();
  });

  it('loads it as soon as the connection returns', async () => {
    act(() => onlineManager.setOnline(false));
    renderWorkout();
    await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.');

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.queryByText('Sem conexão — mostrando os dados salvos')).not.toBeInTheDocument();
  });
});
