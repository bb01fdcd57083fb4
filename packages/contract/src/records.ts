import { estimatedOneRepMax, type HistoryEntry } from './sessions.js';

/**
 * Which set was a session's best, and which session set a record: one rule for the API (the
 * history it answers), the web app (the badge, the summary) and the console.
 */

/** What ranks a set: its load and reps. */
export interface RankedSet {
  carga: number;
  repeticoes: number;
}

/** Whether `set` ranks above `other`: a higher estimated one-rep max, then a heavier load, then more reps. */
function ranksAbove(set: RankedSet, other: RankedSet): boolean {
  const rm = estimatedOneRepMax(set.carga, set.repeticoes);
  const otherRm = estimatedOneRepMax(other.carga, other.repeticoes);
  if (rm !== otherRm) return rm > otherRm;
  if (set.carga !== other.carga) return set.carga > other.carga;
  return set.repeticoes > other.repeticoes;
}

/**
 * The best of some sets: the highest estimated one-rep max (Epley, to one decimal); of two equal,
 * the heavier load, then the more reps, then the earlier in the list. Undefined for none.
 */
export function bestSet<T extends RankedSet>(sets: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const set of sets) if (best === undefined || ranksAbove(set, best)) best = set;
  return best;
}

/**
 * Whether a session whose best set has this estimated one-rep max sets a record: it beats every
 * earlier session's (an equal is no record). A first session has nothing to beat, so it sets none.
 */
export function isRecord(oneRepMax: number, earlier: readonly Pick<HistoryEntry, 'rm_estimado'>[]): boolean {
  return earlier.length > 0 && earlier.every((entry) => oneRepMax > entry.rm_estimado);
}

/**
 * Whether the latest session of a history (oldest first) set a record: what 'Novo recorde' says.
 * A later session that did less (a partial one) takes it away; the best ever is `bestSet(history)`.
 */
export function latestIsRecord(history: readonly Pick<HistoryEntry, 'rm_estimado'>[]): boolean {
  const latest = history.at(-1);
  return latest !== undefined && isRecord(latest.rm_estimado, history.slice(0, -1));
}
