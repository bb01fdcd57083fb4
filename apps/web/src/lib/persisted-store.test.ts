import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fakeJwt } from '../testing/factories';
import { persistedStore, userStore } from './persisted-store';
import { setToken, STORAGE_KEYS } from './storage';

const store = persistedStore('acompanha.teste', z.object({ count: z.number() }));

describe('persistedStore', () => {
  it('keeps the value in local storage and reads the same object back until it changes', () => {
    expect(store.read()).toBeNull();
    store.write({ count: 1 });
    expect(localStorage.getItem('acompanha.teste')).toBe('{"count":1}');
    expect(store.read()).toBe(store.read());
    store.write(null);
    expect(localStorage.getItem('acompanha.teste')).toBeNull();
    expect(store.read()).toBeNull();
  });

  it('reads what it cannot parse, or what the schema refuses, as nothing', () => {
    localStorage.setItem('acompanha.teste', '{"count": ');
    expect(store.read()).toBeNull();
    localStorage.setItem('acompanha.teste', '{"count": "um"}');
    expect(store.read()).toBeNull();
  });

  it('renders its readers again on each write, and on a write from another tab', () => {
    const { result } = renderHook(() => store.useValue());
    act(() => store.write({ count: 2 }));
    expect(result.current).toEqual({ count: 2 });

    act(() => {
      localStorage.setItem('acompanha.teste', '{"count":3}');
      window.dispatchEvent(new StorageEvent('storage', { key: 'acompanha.teste' }));
    });
    expect(result.current).toEqual({ count: 3 });
  });
});

describe('userStore', () => {
  const owned = userStore('acompanha.teste-do-cliente', z.object({ userId: z.number(), count: z.number() }));
  const signInAs = (userId: number) => setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: userId }));

  it('reads what the signed-in client wrote, and nothing of another account on the same device', () => {
    signInAs(1);
    owned.write({ userId: 1, count: 4 });
    expect(owned.read()).toEqual({ userId: 1, count: 4 });

    signInAs(2);
    expect(owned.read()).toBeNull();
    const { result } = renderHook(() => owned.useValue());
    expect(result.current).toBeNull();

    signInAs(1);
    expect(owned.read()).toEqual({ userId: 1, count: 4 });
  });
});
