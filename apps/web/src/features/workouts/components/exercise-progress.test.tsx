import type { HistoryEntry } from '@acompanha/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../testing/factories';
import { apiUrl } from '../../../testing/handlers';
import { server } from '../../../testing/msw-server';
import { renderWithProviders, signIn } from '../../../testing/test-utils';
import { ExerciseProgress } from './exercise-progress';

const squat = buildExercise({ id: 101, atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null } });
const press = buildExercise({ id: 102, atividade: { titulo: 'Leg press', grupo_muscular: 'Quadríceps', video: null } });

/** The best set of one session, as GET /historico answers it. */
const entry = (day: string, carga: number, repeticoes: number, rm_estimado: number, series = 4): HistoryEntry => ({
  sessao_id: `sessao-${day}`,
  // Noon UTC: the same calendar day in any time zone the tests may run in.
  data: `${day}T12:00:00.000Z`,
  carga,
  repeticoes,
  series,
  rm_estimado,
});

/** The progress of each exercise, one under the other, with the histories given by exercise id. */
function renderProgress(histories: Record<number, HistoryEntry[]>, exercises = [squat, press]) {
  server.use(http.get<{ id: string }>(apiUrl('/v1/exercicios/:id/historico'), ({ params }) => HttpResponse.json(histories[Number(params.id)] ?? [])));
  signIn();
  renderWithProviders(
    <>
      {exercises.map((exercise) => (
        <article key={exercise.id} aria-label={exercise.atividade.titulo}>
          <ExerciseProgress exercise={exercise} />
        </article>
      ))}
    </>,
  );
}

const progressOf = async (title: string) => within(await screen.findByRole('article', { name: title })).findByRole('region', { name: 'Progresso' });

describe("an exercise's progress", () => {
  it("says 'Novo recorde' only on the exercise whose latest session beat every earlier one", async () => {
    renderProgress({
      101: [entry('2026-11-02', 26, 10, 34.7), entry('2026-11-09', 28.5, 11, 39), entry('2026-11-16', 30, 12, 42)],
      // Better than the first session, not than the second.
      102: [entry('2026-11-02', 100, 10, 133.3), entry('2026-11-09', 110, 10, 146.7), entry('2026-11-16', 105, 10, 140)],
    });

    const squatProgress = await progressOf('Agachamento livre');
    const pressProgress = await progressOf('Leg press');

    expect(within(squatProgress).getByText('Novo recorde')).toBeInTheDocument();
    expect(within(squatProgress).queryByText(/^Recorde:/)).not.toBeInTheDocument();
    expect(within(pressProgress).queryByText('Novo recorde')).not.toBeInTheDocument();
    expect(within(pressProgress).getByText('Recorde: 110 kg × 10 em 09/11/2026')).toBeInTheDocument();
    expect(screen.getAllByText('Novo recorde')).toHaveLength(1);
  });

  it('keeps the best ever on screen after a partial session, which takes the badge away', async () => {
    renderProgress({ 101: [entry('2026-11-09', 28.5, 11, 39), entry('2026-11-16', 30, 12, 42), entry('2026-11-19', 25, 8, 31.7, 2)] }, [squat]);

    const progress = await progressOf('Agachamento livre');

    expect(within(progress).getByText('Último treino: 2 × 8 com 25 kg')).toBeInTheDocument();
    expect(within(progress).getByText('Recorde: 30 kg × 12 em 16/11/2026')).toBeInTheDocument();
    expect(within(progress).queryByText('Novo recorde')).not.toBeInTheDocument();
  });

  it('sets no record with a first session (nothing to beat) or one that only equals the best', async () => {
    renderProgress({
      101: [entry('2026-11-16', 30, 12, 42)],
      102: [entry('2026-11-09', 30, 12, 42), entry('2026-11-16', 30, 12, 42)],
    });

    const squatProgress = await progressOf('Agachamento livre');
    const pressProgress = await progressOf('Leg press');

    expect(within(squatProgress).getByText('Último treino: 4 × 12 com 30 kg')).toBeInTheDocument();
    expect(screen.queryByText('Novo recorde')).not.toBeInTheDocument();
    // An equal is no record: the best ever stays the session that first reached it.
    expect(within(pressProgress).getByText('Recorde: 30 kg × 12 em 09/11/2026')).toBeInTheDocument();
  });
});
