/**
 * Keys of what train mode records: a workout's latest sessions (the home's week strip, the sets'
 * 'Anterior', the summary's comparison: workout-sessions.ts) and the best set of each session of an
 * exercise (the workout's progress). A session sent refreshes them all.
 */
export const trainingKeys = {
  all: ['training'] as const,
  sessions: (workoutId: number) => ['training', 'sessions', workoutId] as const,
  history: (exerciseId: number) => ['training', 'history', exerciseId] as const,
};
