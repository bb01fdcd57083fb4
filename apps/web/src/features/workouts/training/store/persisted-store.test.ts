import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { persistedStore } from './persisted-store';

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
