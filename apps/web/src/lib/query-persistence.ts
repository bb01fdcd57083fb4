import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { currentUserIdOrNull } from './session/current-user';
import { bringBackUnsentWork, keepUnsentWork, type UnsentMutation } from './unsent-work';

/** A client's plan stays readable offline for a month after it was last seen online. */
export const PERSISTED_CACHE_MAX_AGE = 30 * 24 * 60 * 60_000;

const CACHE_KEY = 'acompanha-query-cache';

interface StoredCache {
  userId: number;
  cache: string;
}

/**
 * IndexedDB holds one user's cache at a time, tagged with the user whose session wrote it: it is
 * given back to that user only, and written only while the session stored on the device is still
 * theirs, since another tab may have signed out or signed someone else in meanwhile (a tab's
 * memory must never reach disk under the next user's name).
 */
function storageOf(userId: number | null) {
  return {
    async getItem(key: string): Promise<string | null> {
      const stored = await get<StoredCache>(key);
      return stored && userId !== null && stored.userId === userId ? stored.cache : null;
    },
    async setItem(key: string, cache: string): Promise<void> {
      if (userId !== null && currentUserIdOrNull() === userId) await set(key, { userId, cache } satisfies StoredCache);
    },
    removeItem: (key: string) => del(key),
  };
}

/**
 * A write still under way when the app was closed (sent, its answer never seen) comes back as
 * waiting, so that it goes out again when the app opens: the writes kept (a load, a session) are
 * idempotent, so a second copy changes nothing.
 */
function deserialize(text: string): PersistedClient {
  const client = JSON.parse(text) as PersistedClient;
  for (const mutation of client.clientState.mutations) {
    if (mutation.state.status === 'pending') mutation.state.isPaused = true;
  }
  return client;
}

export type QueryPersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>;

/** Options of the query-cache persistence of one user's session: the app's version busts it, paused writes are kept with it. */
export function queryPersistOptionsFor(userId: number | null): QueryPersistOptions {
  return {
    persister: createAsyncStoragePersister({
      storage: storageOf(userId),
      key: CACHE_KEY,
      // Written as soon as it changes (one write at a time): a load saved offline must survive the app
      // being closed right after; the cache is a few kilobytes.
      throttleTime: 0,
      deserialize,
    }),
    maxAge: PERSISTED_CACHE_MAX_AGE,
    buster: __APP_VERSION__,
    // Every unfinished write is kept, not only those already waiting for a connection.
    dehydrateOptions: {
      // A query read only to answer others (Home's read) stays off the device: they are kept instead.
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
      shouldDehydrateMutation: (mutation) => mutation.state.status === 'pending',
    },
  };
}

/**
 * Binds the query cache to the signed-in user's session: brings back their saved plan and what
 * they had not sent yet (load edits and sessions made offline go out now, or once online), then
 * saves the cache as it changes, under their id. Returns the unsubscribe, for the session's end.
 */
export async function persistQueryCache(queryClient: QueryClient, options?: QueryPersistOptions): Promise<() => void> {
  const userId = currentUserIdOrNull();
  const persistence = { queryClient, ...(options ?? queryPersistOptionsFor(userId)) };
  // Another user's copy is still there when the tab that ended their session closed before setting it aside.
  if (userId !== null) await setAsideSavedCopy(userId);
  try {
    await persistQueryClientRestore(persistence);
  } catch {
    // The damaged copy has been discarded: the screens fetch afresh.
  }
  if (userId !== null) await bringBackUnsentWork(queryClient, userId);
  const unsubscribe = persistQueryClientSubscribe(persistence);
  void queryClient.resumePausedMutations();
  return unsubscribe;
}

function unsentWritesOf(cache: string): UnsentMutation[] {
  try {
    return deserialize(cache).clientState.mutations.filter((mutation) => mutation.state.status === 'pending');
  } catch {
    return [];
  }
}

/**
 * Forgets the saved copy, unless it is `keptFor`'s, but not what it holds unsent: those writes are
 * set aside for the user it belongs to.
 */
async function setAsideSavedCopy(keptFor: number | null): Promise<void> {
  const stored = await get<StoredCache>(CACHE_KEY);
  if (!stored || stored.userId === keptFor) return;
  const saved = unsentWritesOf(stored.cache);
  if (saved.length > 0) await keepUnsentWork(stored.userId, { mutations: saved });
  await del(CACHE_KEY);
}

/**
 * At the end of a session the saved plan is forgotten, but not what was never sent: the writes
 * still in this tab's memory are set aside for the user whose session ended, and those in the
 * saved copy (which a tab that never opened a signed-in screen did not load) for the user it
 * belongs to.
 */
export async function setAsideUnsentWrites(userId: number | null, inMemory: UnsentMutation[]): Promise<void> {
  await setAsideSavedCopy(null);
  if (userId !== null && inMemory.length > 0) await keepUnsentWork(userId, { mutations: inMemory });
}
