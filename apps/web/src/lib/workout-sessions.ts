import { LATEST_SESSIONS_PAGE, paths, sessionPageReadSchema, type Session } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { trainingKeys } from './training-keys';

/** A workout's latest sessions, newest first: one page (LATEST_SESSIONS_PAGE), as Home's read answers it too. */
export async function fetchWorkoutSessions(workoutId: number): Promise<Session[]> {
  return (await api.call(paths.workoutSessions(workoutId), sessionPageReadSchema, { params: LATEST_SESSIONS_PAGE })).results;
}

/**
 * One query for what Home and train mode show of a workout's sessions: the week strip's marks and
 * each card's 'Feito há 3 dias', the sets' 'Anterior' and the summary's comparison. Kept on the
 * device with the cache, so train mode has it offline; a session sent reads it again (`trainingKeys.all`).
 */
export function getWorkoutSessionsQueryOptions(workoutId: number) {
  return queryOptions({ queryKey: trainingKeys.sessions(workoutId), queryFn: () => fetchWorkoutSessions(workoutId), staleTime: 5 * 60_000 });
}

export function useWorkoutSessions(workoutId: number, enabled = true) {
  return useQuery({ ...getWorkoutSessionsQueryOptions(workoutId), enabled });
}
