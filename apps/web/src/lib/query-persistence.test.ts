import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { del, get } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/factories';
import { queryPersistOptionsFor } from './query-persistence';
import { currentUserIdOrNull } from './session/current-user';
import { setToken, STORAGE_KEYS } from './storage';

const signInAs = (userId: number) => setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: userId }));

/** The persistence a tab binds when its signed-in screens open: to the session stored then. */
const boundToStoredSession = () => queryPersistOptionsFor(currentUserIdOrNull());

async function save(data: unknown, persistence = boundToStoredSession()) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['session', 'client'], data);
  await persistQueryClientSave({ queryClient, ...persistence });
}

async function restore() {
  const queryClient = new QueryClient();
  await persistQueryClientRestore({ queryClient, ...boundToStoredSession() });
  return queryClient.getQueryData(['session', 'client']);
}

describe('the saved query cache', () => {
  afterEach(() => del('acompanha-query-cache'));

  it('comes back, from IndexedDB, for the user who saved it', async () => {
    signInAs(1);
    await save({ nome: 'Ana Paula Souza' });

    expect(await restore()).toEqual({ nome: 'Ana Paula Souza' });
  });

  it('is not given to another account signed in on the same device', async () => {
    signInAs(1);
    await save({ nome: 'Ana Paula Souza' });

    signInAs(2);

    expect(await restore()).toBeUndefined();
  });

  it('is never written under another user by a tab whose session another tab replaced', async () => {
    signInAs(1);
    const anasTab = boundToStoredSession();
    await save({ nome: 'Ana Paula Souza' }, anasTab);

    // Another tab: 'Sair', then davi signs in; ana's tab, not yet told, saves what it holds.
    signInAs(2);
    await save({ nome: 'Ana Paula Souza', objetivo: 'escrito depois da troca' }, anasTab);

    expect(await restore()).toBeUndefined();
    expect(await get('acompanha-query-cache')).toMatchObject({ userId: 1 });
    // A marker no timestamp can hold by chance, as a number could.
    expect(JSON.stringify(await get('acompanha-query-cache'))).not.toContain('escrito depois da troca');
  });

  it('is not written once nobody is signed in', async () => {
    signInAs(1);
    const anasTab = boundToStoredSession();
    localStorage.clear();

    await save({ nome: 'Ana Paula Souza' }, anasTab);

    expect(await get('acompanha-query-cache')).toBeUndefined();
  });

  it('keeps a write still under way when the app closes, and brings it back waiting, so that it goes out again', async () => {
    signInAs(1);
    const queryClient = new QueryClient();
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationKey: ['training', 'upload'],
      mutationFn: () => new Promise(() => {}),
    });
    void mutation.execute({ workoutId: 7 });
    await persistQueryClientSave({ queryClient, ...boundToStoredSession() });

    const reopened = new QueryClient();
    await persistQueryClientRestore({ queryClient: reopened, ...boundToStoredSession() });

    const [restored] = reopened.getMutationCache().getAll();
    expect(restored?.state).toMatchObject({ status: 'pending', isPaused: true, variables: { workoutId: 7 } });
  });
});
