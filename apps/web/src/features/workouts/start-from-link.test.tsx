import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { startTrainingPath } from '../../lib/train-link';
import { STORAGE_KEYS } from '../../lib/storage';
import { buildExercise, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';

/** Two workouts of two exercises each. */
function answerWorkouts() {
  server.use(
    http.get(apiUrl('/v1/treinos/:id'), ({ params }) => HttpResponse.json(buildWorkout({ id: Number(params.id), titulo: `Treino ${params.id}` }))),
    http.get(apiUrl('/v1/treinos/:id/exercicios'), ({ params }) =>
      HttpResponse.json(paged([buildExercise({ id: Number(params.id) * 10 + 1 }), buildExercise({ id: Number(params.id) * 10 + 2 })])),
    ),
  );
  signIn();
}

const storedSession = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.trainSession) ?? 'null') as { id: string; workoutId: number } | null;

afterEach(() => localStorage.clear());

describe("Home's 'Iniciar treino' (a workout opened with ?iniciar)", () => {
  it("starts the session once the workout is read, and leaves the address as the workout's own", async () => {
    answerWorkouts();
    const { router } = renderApp(startTrainingPath(7));

    // The first render of the file also loads the route's module: slow on a busy machine.
    expect(await screen.findByRole('region', { name: 'Treino em andamento' }, { timeout: 5000 })).toHaveTextContent('Exercício 1 de 2');
    expect(storedSession()?.workoutId).toBe(7);
    expect(router.state.location.pathname).toBe('/workout/7');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
  });

  it('starts nothing while another workout is being trained, and points to it', async () => {
    answerWorkouts();
    const { router } = renderApp(startTrainingPath(7));
    await screen.findByRole('region', { name: 'Treino em andamento' }, { timeout: 5000 });
    const running = storedSession();

    await act(() => router.navigate(startTrainingPath(8)));

    expect(await screen.findByText('Há um treino em andamento: Treino 7.')).toBeInTheDocument();
    expect(storedSession()).toEqual(running);
    expect(router.state.location.search).toBe('');
  });
});
