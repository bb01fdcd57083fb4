import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { del, get, update } from 'idb-keyval';
import { z } from 'zod/mini';
import { STORAGE_KEYS } from './storage';

/**
 * What a client did on this device and the server has not stored yet: the session being trained,
 * and the writes waiting to be sent (a concluded session, a load edit). When a session ends it is
 * set aside under its user in IndexedDB, which SPEC.md's "clear local storage" leaves alone, and it
 * comes back at that user's next sign-in only (docs/decisions/031-per-user-device-data.md).
 */

export type UnsentMutation = DehydratedState['mutations'][number];

const unsentWorkSchema = z.object({
  /** The train session's stored text, as its store (features/workouts) keeps it in local storage. */
  trainSession: z.nullable(z.string()),
  mutations: z.array(z.custom<UnsentMutation>((value) => typeof value === 'object' && value !== null)),
});
export type UnsentWork = z.infer<typeof unsentWorkSchema>;

const keyOf = (userId: number) => `acompanha-unsent:${userId}`;

/** The same write found twice (in memory and in the saved cache) is kept once. */
const identityOf = ({ mutationKey, state }: UnsentMutation) => JSON.stringify([mutationKey, state.submittedAt, state.variables]);

/** Adds to what waits for this user; a train session given replaces the one kept. */
export function keepUnsentWork(userId: number, work: Partial<UnsentWork>): Promise<void> {
  return update<UnsentWork>(keyOf(userId), (stored) => {
    const kept = unsentWorkSchema.safeParse(stored).data ?? { trainSession: null, mutations: [] };
    const known = new Set(kept.mutations.map(identityOf));
    // A write cut off mid-flight goes out again when it comes back: both kept writes are idempotent.
    const added = (work.mutations ?? [])
      .filter((mutation) => !known.has(identityOf(mutation)))
      .map((mutation) => ({ ...mutation, state: { ...mutation.state, isPaused: true } }));
    return { trainSession: work.trainSession ?? kept.trainSession, mutations: [...kept.mutations, ...added] };
  });
}

const trainSessionOwnerSchema = z.object({ userId: z.number() });

function ownerOf(trainSession: string): number | null {
  try {
    return trainSessionOwnerSchema.safeParse(JSON.parse(trainSession)).data?.userId ?? null;
  } catch {
    return null;
  }
}

/**
 * Moves the train session out of local storage, under the client it is tagged with: the end of a
 * session must neither lose it nor leave it where the next account would overwrite it.
 */
export function setAsideTrainSession(): Promise<void> {
  const trainSession = localStorage.getItem(STORAGE_KEYS.trainSession);
  localStorage.removeItem(STORAGE_KEYS.trainSession);
  const owner = trainSession === null ? null : ownerOf(trainSession);
  return owner === null ? Promise.resolve() : keepUnsentWork(owner, { trainSession });
}

/**
 * Gives this user's unsent work back to the app, once: the writes join the query client (they go
 * out when it resumes its paused mutations), the train session returns to local storage. Someone
 * else's session still there (left by an older version) is set aside for its owner first.
 */
export async function bringBackUnsentWork(queryClient: QueryClient, userId: number): Promise<void> {
  const inPlace = localStorage.getItem(STORAGE_KEYS.trainSession);
  if (inPlace !== null && ownerOf(inPlace) !== userId) await setAsideTrainSession();
  const work = unsentWorkSchema.safeParse(await get(keyOf(userId))).data;
  if (!work) return;
  await del(keyOf(userId));
  hydrate(queryClient, { queries: [], mutations: work.mutations });
  if (work.trainSession === null) return;
  if (localStorage.getItem(STORAGE_KEYS.trainSession) === null) localStorage.setItem(STORAGE_KEYS.trainSession, work.trainSession);
  else await keepUnsentWork(userId, { trainSession: work.trainSession });
}
