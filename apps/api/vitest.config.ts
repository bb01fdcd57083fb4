import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file builds its own app on its own database; PostgreSQL runs get a schema per file.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
