import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// Screens load lazily, and CI machines are busy: a second is too short a wait for a whole screen.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-wide store and replays the open ones to the next test's toaster.
  toast.dismiss();
  server.resetHandlers();
  localStorage.clear();
  // What a test set aside for a user (lib/unsent-work.ts) must not come back in the next one.
  return clear();
});

afterAll(() => server.close());

// jsdom plays no media; a browser's play() answers with a promise, which the app relies on.
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => undefined;

// jsdom has no pointer capture; sonner captures the pointer when a toast (and its action) is pressed.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

// jsdom has no media queries; sonner's toaster follows the system's theme through matchMedia. A light system.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
