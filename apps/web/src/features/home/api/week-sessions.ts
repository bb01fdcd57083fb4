import type { Session, Workout } from '@acompanha/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { getWorkoutSessionsQueryOptions } from '../../../lib/workout-sessions';

/** When each session started (ISO date-times), newest first. */
const startsOf = (sessions: Session[]) => sessions.map((session) => session.iniciado_em);

const newest = (sessions: Session[]) => sessions[0]?.iniciado_em ?? null;

/** When the workout's latest session started, null when it has none. */
export function useLastSessionStart(workoutId: number) {
  return useQuery({ ...getWorkoutSessionsQueryOptions(workoutId), select: newest });
}

/**
 * The days of the week from Monday, each with whether a session started on it (the device's
 * calendar). A workout whose sessions cannot be read counts as none: the strip is a summary.
 */
export function useWeekSessions(workouts: readonly Workout[], today: Date = new Date()) {
  const starts = useQueries({
    queries: workouts.map((workout) => getWorkoutSessionsQueryOptions(workout.id)),
    combine: (results) => ({ starts: results.flatMap((result) => startsOf(result.data ?? [])), isPending: results.some((result) => result.isPending) }),
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
