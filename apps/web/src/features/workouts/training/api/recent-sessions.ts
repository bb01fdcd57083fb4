import { sessionPageReadSchema, type Session } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { trainingKeys } from '../../../../lib/training-keys';

/**
 * How many of the workout's latest sessions are read: enough to find, for each exercise, the last
 * one that included it (a partial session, or a skipped exercise, does not blank its 'Anterior').
 */
export const RECENT_SESSIONS_READ = 10;

/** The workout's latest sessions, newest first (one request: the sets' 'Anterior' and the summary's volume). */
export async function fetchRecentSessions(workoutId: number): Promise<Session[]> {
  return (await api.call(`/v1/treinos/${workoutId}/sessoes`, sessionPageReadSchema, { params: { page: 0, size: RECENT_SESSIONS_READ } })).results;
}

/**
 * Read while the workout is trained, so that the sets and the summary have it, online or not (the
 * query cache is kept on the device). A session sent reads it again (`trainingKeys.all`).
 */
export function getRecentSessionsQueryOptions(workoutId: number) {
  return queryOptions({ queryKey: trainingKeys.recentSessions(workoutId), queryFn: () => fetchRecentSessions(workoutId), staleTime: 5 * 60_000 });
}

export function useRecentSessions(workoutId: number, enabled: boolean) {
  return useQuery({ ...getRecentSessionsQueryOptions(workoutId), enabled });
}
