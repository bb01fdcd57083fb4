import { sessionPageReadSchema, type Workout } from '@acompanha/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startPaths } from '../../../lib/early-requests';
import { trainingKeys } from '../../../lib/training-keys';

/**
 * When each of a workout's latest sessions started (ISO date-times), newest first: text, since the
 * query cache is kept on the device as JSON, which would bring Dates back as text.
 */
export async function fetchSessionStarts(workoutId: number): Promise<string[]> {
  return (await api.call(startPaths.sessions(workoutId), sessionPageReadSchema)).results.map((session) => session.iniciado_em);
}

/** A workout's latest session starts: the week strip's marks and each card's 'Feito há 3 dias', from one request. */
export function getSessionStartsQueryOptions(workoutId: number) {
  return queryOptions({ queryKey: trainingKeys.sessions(workoutId), queryFn: () => fetchSessionStarts(workoutId), staleTime: 5 * 60_000 });
}

const newest = (starts: string[]) => starts[0] ?? null;

/** When the workout's latest session started, null when it has none. */
export function useLastSessionStart(workoutId: number) {
  return useQuery({ ...getSessionStartsQueryOptions(workoutId), select: newest });
}

/**
 * The days of the week from Monday, each with whether a session started on it (the device's
 * calendar). A workout whose sessions cannot be read counts as none: the strip is a summary.
 */
export function useWeekSessions(workouts: readonly Workout[], today: Date = new Date()) {
  const starts = useQueries({
    queries: workouts.map((workout) => getSessionStartsQueryOptions(workout.id)),
    combine: (results) => ({ starts: results.flatMap((result) => result.data ?? []), isPending: results.some((result) => result.isPending) }),
  });
  return { days: weekDays(today, starts.starts), isPending: starts.isPending };
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** Monday to Sunday of `today`'s week, each with whether a session started on it and whether it is today. */
export function weekDays(today: Date, starts: readonly string[]) {
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7));
  const trained = new Set(starts.map((start) => dayKey(new Date(start))));
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + index);
    return { date, trained: trained.has(dayKey(date)), isToday: dayKey(date) === dayKey(today) };
  });
}
