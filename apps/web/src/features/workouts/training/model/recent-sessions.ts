import { sessionVolume, type Session, type SessionSet } from '@acompanha/contract';

/** The volume of the workout's last session (kg), or null when it has none: what the summary compares with. */
export function lastVolume(sessions: readonly Session[] | undefined): number | null {
  const last = sessions?.[0];
  return last ? sessionVolume(last.series) : null;
}

/**
 * What an exercise's sets were the last time it was done in this workout, by set number: the sets
 * of the newest session (`sessions` newest first) that included it, not swapped for another
 * activity that day; none when it never was.
 */
export function previousSets(sessions: readonly Session[] | undefined, exerciseId: number): Map<number, SessionSet> {
  const done = (session: Session) => session.series.some((set) => set.exercicio_id === exerciseId) && !session.trocas.some((swap) => swap.exercicio_id === exerciseId);
  const sets = sessions?.find(done)?.series ?? [];
  return new Map(sets.filter((set) => set.exercicio_id === exerciseId).map((set) => [set.numero, set]));
}
