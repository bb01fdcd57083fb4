import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENEWAL_URL } from '../../lib/session/follow-up';
import { buildEvaluation, buildExercise, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

const serverError = () => HttpResponse.json({ status: 500, error: 'Internal Server Error', message: 'Falha.' }, { status: 500 });
const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });
const workout = () => HttpResponse.json(buildWorkout({ id: 7, titulo: 'Treino A - Inferiores' }));
const exercises = () => HttpResponse.json(paged([buildExercise({ id: 1 })]));

/** The workout screen with its two calls answered by `answer` (counted) and the client's plan. */
function renderWorkout(answer: { workout: () => Response; exercises: () => Response }, plano: 'BASIC' | 'PRO' | 'ULTIMATE' = 'ULTIMATE') {
  const calls = { workout: 0, exercises: 0 };
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [buildEvaluation({ plano })] })),
    http.get(apiUrl('/v1/treinos/7'), () => {
      calls.workout += 1;
      return answer.workout();
    }),
    http.get(apiUrl('/v1/treinos/7/exercicios'), () => {
      calls.exercises += 1;
      return answer.exercises();
    }),
  );
  signIn();
  return { ...renderApp('/workout/7'), calls };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const realSetTimeout = globalThis.setTimeout;

/** Waits on the real clock (the screen's module loads for real) while the app's timers stay still. */
async function whileTimeStands(find: () => HTMLElement | null) {
  for (let waited = 0; waited < 5000 && !find(); waited += 20) {
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 20)));
  }
  expect(find()).not.toBeNull();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('workout screen that cannot load', () => {
  it("shows placeholders, says 'Tentando novamente…' after 3 s, then the error alone with 'Tentar novamente', which loads it", async () => {
    const answer = { workout: serverError, exercises: serverError };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls } = renderWorkout(answer);
    await whileTimeStands(() => screen.queryByRole('link', { name: 'Voltar para o início' }));

    await advance(2900);
    expect(document.querySelectorAll('[aria-busy="true"] [data-slot="skeleton"]').length).toBeGreaterThan(0);
    expect(screen.queryByText('Tentando novamente…')).not.toBeInTheDocument();

    await advance(200);
    expect(screen.getByText('Tentando novamente…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Six attempts within the query client's retry delays (7.5 s in all), then the error.
    await advance(6000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar treino.');
    expect(calls.workout).toBe(6);
    expect(screen.queryByText('Tentando novamente…')).not.toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar exercícios.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mobilidade' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-slot="skeleton"]')).toBeNull();
    // ana's plan includes workouts: nothing to renew.
    expect(screen.queryByRole('link', { name: /Renovar/ })).not.toBeInTheDocument();

    vi.useRealTimers();
    answer.workout = workout;
    answer.exercises = exercises;
    within(alert).getByRole('button', { name: 'Tentar novamente' }).click();

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(await screen.findByRole('tab')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing more than the error when the workout is not found (no retries), and keeps the way back', async () => {
    renderWorkout({ workout: notFound, exercises: notFound });

    expect(await screen.findByText('Erro ao carregar treino.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it("tells a client whose plan has no workouts (PRO) so, with 'Renovar'", async () => {
    renderWorkout({ workout: notFound, exercises: notFound }, 'PRO');

    expect(await screen.findByText('Erro ao carregar treino.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Seu plano não inclui treinos. Para incluí-los, renove seu acompanhamento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renovar' })).toHaveAttribute('href', RENEWAL_URL);
  });
});
