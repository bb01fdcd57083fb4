import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { toast } from '../lib/toast';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// findBy and waitFor wait for the thing itself, as long as the test may run (its timeout, in the
// Vitest config, ends the wait): a busy machine makes a test slower, never makes it fail.
configure({ asyncUtilTimeout: 10 * 60_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  // The toasts live in a module-wide store (lib/toast.ts): the next test starts with none.
  toast.dismiss();
  server.resetHandlers();
  localStorage.clear();
  // What a test set aside for a user (lib/unsent-work.ts) must not come back in the next one.
  return clear();
});

afterAll(() => server.close());

// jsdom makes no object URLs; a photo shown from its bytes needs one (packages/ui's blob-image.tsx).
let objectUrls = 0;
URL.createObjectURL ??= () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL ??= () => undefined;

// jsdom plays no media; a browser's play() answers with a promise, which the app relies on.
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => undefined;
