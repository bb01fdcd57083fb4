import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// findBy and waitFor wait for the thing itself, as long as the test may run (its timeout, in the
// Vitest config, ends the wait): a busy machine makes a test slower, never makes it fail.
configure({ asyncUtilTimeout: 10 * 60_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());

// jsdom makes no object URLs; a photo shown from its bytes needs one (packages/ui's blob-image.tsx).
let objectUrls = 0;
URL.createObjectURL ??= () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL ??= () => undefined;
