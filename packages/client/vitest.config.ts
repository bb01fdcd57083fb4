import { defineConfig } from 'vitest/config';

// The client in a browser's shoes: jsdom gives it localStorage, navigator and a page's origin; MSW answers its calls.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // A bound for a hung test, not a speed check (a busy machine of two cores is slow).
    testTimeout: 60_000,
    include: ['src/**/*.test.ts'],
  },
});
