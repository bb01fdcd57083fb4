/**
 * Keys of what train mode records: the sessions of a workout (the home's week strip), its latest
 * sessions (the sets' 'Anterior', the summary's comparison) and the best set of each session of an exercise
 * (the workout's progress). A session sent refreshes them all.
 */
export const trainingKeys = {
  all: ['training'] as const,
  sessions: (workoutId: number) => ['training', 'sessions', workoutId] as const,
  recentSessions: (workoutId: number) => ['training', 'recent-sessions', workoutId] as const,
  history: (exerciseId: number) => ['training', 'history', exerciseId] as const,
};
