/**
 * Home's 'Iniciar treino' opens the workout with this in its address, and the workout screen
 * starts the session as its own 'Iniciar treino' does (docs/decisions/044): one way to start.
 */
export const START_TRAINING_PARAM = 'iniciar';

export function startTrainingPath(workoutId: number): string {
  return `/workout/${workoutId}?${START_TRAINING_PARAM}=1`;
}
