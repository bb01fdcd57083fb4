import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // A bound for a hung test, not a speed check (a busy machine of two cores is slow).
    testTimeout: 60_000,
    setupFiles: ['vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
