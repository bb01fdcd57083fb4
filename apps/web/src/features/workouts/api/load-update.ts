import type { Exercise } from '@acompanha/contract';
import {
  useMutation,
  useMutationState,
  type Mutation,
  type MutationObserverOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { isTransientError, SessionChangedError } from '@acompanha/client';
import { assertMadeBySignedInUser, madeBySignedInUser } from '../../../lib/session/current-user';
import { updateLoad, workoutKeys } from './workout-queries';

const LOAD_UPDATE_ERROR = 'Erro ao atualizar carga.';

export const loadUpdateKey = ['workouts', 'load'] as const;

export interface LoadUpdateVariables {
  exerciseId: number;
  carga: number;
}

/** The load shown before an edit, put back when the server refuses it. */
interface LoadRollback {
  previous: number | null;
}

/** A dropped connection is tried again; the server's refusal is final. */
const MAX_LOAD_UPDATE_ATTEMPTS = 3;

function cachedLoad(queryClient: QueryClient, exerciseId: number): number | null {
  for (const [, exercises] of queryClient.getQueriesData<Exercise[]>({ queryKey: workoutKeys.allExercises })) {
    const exercise = exercises?.find(({ id }) => id === exerciseId);
    if (exercise) return exercise.carga;
  }
  return null;
}

function showLoad(queryClient: QueryClient, exerciseId: number, carga: number | null): void {
  queryClient.setQueriesData<Exercise[]>({ queryKey: workoutKeys.allExercises }, (exercises) =>
    exercises?.map((exercise) => (exercise.id === exerciseId ? { ...exercise, carga } : exercise)),
  );
}

/**
 * Every load edit runs with these, also one made offline and resumed after the app was closed and
 * opened again (its function cannot travel through the persisted cache, so it lives here, by key).
 * The new load shows at once; edits go out one at a time in the order made; a refusal puts the
 * old load back with SPEC.md's toast; either way the lists are fetched again (SPEC.md §4).
 */
export function loadUpdateDefaults(
  queryClient: QueryClient,
): MutationObserverOptions<Exercise, Error, LoadUpdateVariables, LoadRollback> {
  return {
    mutationFn: ({ exerciseId, carga }, { meta }) => {
      // Only ever sent for the client who made it.
      assertMadeBySignedInUser(meta);
      return updateLoad(exerciseId, { carga });
    },
    scope: { id: 'exercise-loads' },
    retry: (failures, error) => failures < MAX_LOAD_UPDATE_ATTEMPTS - 1 && isTransientError(error),
    onMutate: async ({ exerciseId, carga }) => {
      await queryClient.cancelQueries({ queryKey: workoutKeys.allExercises });
      const previous = cachedLoad(queryClient, exerciseId);
      showLoad(queryClient, exerciseId, carga);
      return { previous };
    },
    onError: (error, { exerciseId }, rollback) => {
      // An edit made by another account waits for its owner (lib/unsent-work.ts): this one's screens never had it.
      if (error instanceof SessionChangedError) return;
      if (rollback) showLoad(queryClient, exerciseId, rollback.previous);
      toast.error(LOAD_UPDATE_ERROR);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workoutKeys.allExercises }),
  };
}

/** PUT /v1/exercicios/{id}, with the defaults above. */
export function useUpdateLoad() {
  return useMutation<Exercise, Error, LoadUpdateVariables, LoadRollback>({ mutationKey: loadUpdateKey, meta: madeBySignedInUser() });
}

function isWaitingFor(exerciseId: number) {
  return (mutation: Mutation<unknown, Error, unknown>) =>
    mutation.state.isPaused && (mutation.state.variables as LoadUpdateVariables | undefined)?.exerciseId === exerciseId;
}

/** Whether an edit of this exercise's load waits for the connection to come back. */
export function useLoadUpdateWaiting(exerciseId: number): boolean {
  const waiting = useMutationState({
    filters: { mutationKey: loadUpdateKey, status: 'pending', predicate: isWaitingFor(exerciseId) },
  });
  return waiting.length > 0;
}
