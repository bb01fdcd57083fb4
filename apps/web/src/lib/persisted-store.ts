import { useSyncExternalStore } from 'react';
import type { z } from 'zod/mini';
import { currentUserIdOrNull } from './session/current-user';

/**
 * The app's one way to keep state on the device (train mode, the rest, water): a value in local
 * storage under one key, so that a reload, a closed app or a dead battery mid-workout loses nothing. Local storage is the
 * truth: what it holds is read through the schema (anything unreadable is nothing) and the parsed
 * copy is kept by its text, so that a render reads it for free. Every reader hears each write, and
 * the app's other tabs do too. A value written must be one the schema reads back as itself.
 */
export interface PersistedStore<T> {
  read: () => T | null;
  write: (value: T | null) => void;
  subscribe: (listener: () => void) => () => void;
  /** The value, read again when it changes (here or in another tab). */
  useValue: () => T | null;
}

export function persistedStore<T>(key: string, schema: z.ZodMiniType<T>): PersistedStore<T> {
  let cachedText: string | null | undefined;
  let cachedValue: T | null = null;
  const listeners = new Set<() => void>();

  const read = () => {
    const text = localStorage.getItem(key);
    if (text !== cachedText) {
      cachedText = text;
      try {
        cachedValue = schema.safeParse(JSON.parse(text ?? 'null')).data ?? null;
      } catch {
        cachedValue = null;
      }
    }
    return cachedValue;
  };

  const write = (value: T | null) => {
    const text = value === null ? null : JSON.stringify(value);
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    // What was written is what is read: the parts a write left as they were keep their identity,
    // so that a reader of one part (an exercise's sets, a swap) renders only when it changes.
    cachedText = text;
    cachedValue = value;
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  };

  return { read, write, subscribe, useValue: () => useSyncExternalStore(subscribe, read) };
}

/**
 * A persisted store of what one client made (`userId` in the value): another account signed in on
 * the same device reads nothing (and writing for it is the caller's choice of `userId`), so nobody
 * ever sees, resumes or ends someone else's workout or rest.
 */
export function userStore<T extends { userId: number }>(key: string, schema: z.ZodMiniType<T>): PersistedStore<T> {
  const store = persistedStore(key, schema);
  const read = () => {
    const value = store.read();
    return value && value.userId === currentUserIdOrNull() ? value : null;
  };
  return { ...store, read, useValue: () => useSyncExternalStore(store.subscribe, read) };
}
