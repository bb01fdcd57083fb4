import { QueryClient } from '@tanstack/react-query';
import { get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../testing/factories';
import { setAsideUnsentWrites } from './query-persistence';
import { endSession } from './session/session-end';
import { setToken, STORAGE_KEYS } from './storage';
import { bringBackUnsentWork, keepUnsentWork, setAsideTrainSession, type UnsentMutation } from './unsent-work';

const anasSession = JSON.stringify({ userId: 1, id: 's-1', workoutId: 7, workoutTitle: 'Treino A', startedAt: '2026-11-26T10:00:00.000Z', sets: {} });

function waitingUpload(sessionId: string, submittedAt = 1): UnsentMutation {
  return {
    mutationKey: ['training', 'upload'],
    meta: { userId: 1 },
    state: {
      status: 'pending',
      isPaused: false,
      variables: { workoutId: 7, session: { id: sessionId } },
      submittedAt,
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 1,
      failureReason: null,
    },
  };
}

describe('what a client has not sent yet', () => {
  it("survives the clear of local storage that an e-mailed link makes, kept for its client in IndexedDB", async () => {
    setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: 1 }));
    localStorage.setItem(STORAGE_KEYS.trainSession, anasSession);

    endSession({ clearDevice: true, redirectTo: null });

    expect(localStorage.length).toBe(0);
    await vi.waitFor(async () => expect(await get('acompanha-unsent:1')).toEqual({ trainSession: anasSession, mutations: [] }));
  });

  it('comes back to its client only: another account signing in gets nothing of it', async () => {
    localStorage.setItem(STORAGE_KEYS.trainSession, anasSession);
    await setAsideTrainSession();
    await keepUnsentWork(1, { mutations: [waitingUpload('s-0')] });

    const davis = new QueryClient();
    await bringBackUnsentWork(davis, 2);
    expect(localStorage.getItem(STORAGE_KEYS.trainSession)).toBeNull();
    expect(davis.getMutationCache().getAll()).toEqual([]);

    const anas = new QueryClient();
    await bringBackUnsentWork(anas, 1);
    expect(localStorage.getItem(STORAGE_KEYS.trainSession)).toBe(anasSession);
    // Waiting, so that resuming the client's paused writes sends it.
    expect(anas.getMutationCache().getAll().map((mutation) => mutation.state)).toEqual([
      expect.objectContaining({ status: 'pending', isPaused: true, variables: { workoutId: 7, session: { id: 's-0' } } }),
    ]);
    // Given back once.
    expect(await get('acompanha-unsent:1')).toBeUndefined();
  });

  it("sets someone else's session found in local storage aside for its owner before bringing back the client's own", async () => {
    localStorage.setItem(STORAGE_KEYS.trainSession, anasSession);

    await bringBackUnsentWork(new QueryClient(), 2);

    expect(localStorage.getItem(STORAGE_KEYS.trainSession)).toBeNull();
    expect(await get('acompanha-unsent:1')).toEqual({ trainSession: anasSession, mutations: [] });
  });

  it('keeps a write found both in memory and in the saved copy once', async () => {
    await keepUnsentWork(1, { mutations: [waitingUpload('s-0')] });
    await setAsideUnsentWrites(1, [waitingUpload('s-0'), waitingUpload('s-1', 2)]);

    const kept = (await get<{ mutations: UnsentMutation[] }>('acompanha-unsent:1'))!.mutations;
    expect(kept.map((mutation) => mutation.state.variables)).toEqual([
      { workoutId: 7, session: { id: 's-0' } },
      { workoutId: 7, session: { id: 's-1' } },
    ]);
  });
});

describe('the saved copy of another user, still there when the next one signs in', () => {
  it('gives its unsent writes to its owner before the new user binds the cache', async () => {
    const { persistQueryCache } = await import('./query-persistence');
    const { set } = await import('idb-keyval');
    const anasCopy = JSON.stringify({ timestamp: Date.now(), buster: __APP_VERSION__, clientState: { queries: [], mutations: [waitingUpload('s-2')] } });
    await set('acompanha-query-cache', { userId: 1, cache: anasCopy });
    setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: 2, sub: 'davi@demo.fit' }));

    const davis = new QueryClient();
    const unsubscribe = await persistQueryCache(davis);
    unsubscribe();

    expect(davis.getMutationCache().getAll()).toEqual([]);
    const kept = (await get<{ mutations: UnsentMutation[] }>('acompanha-unsent:1'))!.mutations;
    expect(kept.map((mutation) => mutation.state.variables)).toEqual([{ workoutId: 7, session: { id: 's-2' } }]);
  });
});
