import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { currentUserIdOrNull } from './session/current-user';

/** A client's plan stays readable offline for a month after it was last seen online. */
export const PERSISTED_CACHE_MAX_AGE = 30 * 24 * 60 * 60_000;

const CACHE_KEY = 'acompanha-query-cache';

interface StoredCache {
  userId: number;
  cache: string;
}

/**
 * IndexedDB holds one user's cache at a time, tagged with the user it belongs to: another account
 * signing in on the same phone never sees it, and its first write replaces it.
 */
const userScopedStorage = {
  async getItem(key: string): Promise<string | null> {
    const stored = await get<StoredCache>(key);
    const userId = currentUserIdOrNull();
    return stored && userId !== null && stored.userId === userId ? stored.cache : null;
  },
  async setItem(key: string, cache: string): Promise<void> {
    const userId = currentUserIdOrNull();
    // Written after a sign-out has begun: nothing may outlive it.
    if (userId === null) await del(key);
    else await set(key, { userId, cache } satisfies StoredCache);
  },
  removeItem: (key: string) => del(key),
};

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

const persister = createAsyncStoragePersister({
  storage: userScopedStorage,
  key: CACHE_KEY,
  // Written as soon as it changes (one write at a time): a load saved offline must survive the app
  // being closed right after; the cache is a few kilobytes.
  throttleTime: 0,
  deserialize,
});

export type QueryPersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>;

/** Options of the query-cache persistence: the app's version busts it, paused writes are kept with it. */
export const queryPersistOptions: QueryPersistOptions = {
  persister,
  maxAge: PERSISTED_CACHE_MAX_AGE,
  buster: __APP_VERSION__,
  // Every unfinished write is kept, not only those already waiting for a connection.
  dehydrateOptions: { shouldDehydrateMutation: (mutation) => mutation.state.status === 'pending' },
};

/** Forgets the saved plan (on 'Sair' and when a session ends). */
export function clearPersistedQueries(): Promise<void> {
  return del(CACHE_KEY);
}

/**
 * Brings back the saved plan, then keeps saving the cache as it changes; load edits made offline
 * before the app was closed go out now (or as soon as it is online).
 */
export async function persistQueryCache(queryClient: QueryClient, options: QueryPersistOptions = queryPersistOptions) {
  try {
    await persistQueryClientRestore({ queryClient, ...options });
  } catch {
    // The damaged copy has been discarded: the screens fetch afresh.
  }
  persistQueryClientSubscribe({ queryClient, ...options });
  void queryClient.resumePausedMutations();
}
