import { defineConfig } from 'vitest/config';

// The contract's own logic (decimal text, records, water merge, the event-stream reader, ids), tested
// where it lives: plain functions, in Node.
export default defineConfig({
  test: {
    // A bound for a hung test, not a speed check (a busy machine of two cores is slow).
    testTimeout: 60_000,
    include: ['src/**/*.test.ts'],
  },
});
