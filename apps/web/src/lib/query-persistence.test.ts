import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { get } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/factories';
import { clearPersistedQueries, queryPersistOptions } from './query-persistence';
import { setToken, STORAGE_KEYS } from './storage';

const signInAs = (userId: number) => setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: userId }));

async function save(data: unknown) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['session', 'client'], data);
  await persistQueryClientSave({ queryClient, ...queryPersistOptions });
}

async function restore() {
  const queryClient = new QueryClient();
  await persistQueryClientRestore({ queryClient, ...queryPersistOptions });
  return queryClient.getQueryData(['session', 'client']);
}

describe('the saved query cache', () => {
  afterEach(() => clearPersistedQueries());

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

  it('is gone after clearPersistedQueries (Sair)', async () => {
    signInAs(1);
    await save({ nome: 'Ana Paula Souza' });

    await clearPersistedQueries();

    expect(await restore()).toBeUndefined();
    expect(await get('acompanha-query-cache')).toBeUndefined();
  });

  it('is not written once nobody is signed in', async () => {
    signInAs(1);
    await save({ nome: 'Ana Paula Souza' });
    localStorage.clear();

    await save({ nome: 'Ana Paula Souza' });

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
    await persistQueryClientSave({ queryClient, ...queryPersistOptions });

    const reopened = new QueryClient();
    await persistQueryClientRestore({ queryClient: reopened, ...queryPersistOptions });

    const [restored] = reopened.getMutationCache().getAll();
    expect(restored?.state).toMatchObject({ status: 'pending', isPaused: true, variables: { workoutId: 7 } });
  });
});
