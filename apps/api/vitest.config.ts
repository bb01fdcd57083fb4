import { defineConfig } from 'vitest/config';

// The suite runs on in-memory SQLite, and a second time on PostgreSQL when TEST_DATABASE_URL is
// set (a schema per test file). Each file builds its own app on its own database.
// test/processes/ starts real server processes (shutdown, outages, several instances): once, one
// file at a time, on the databases each test sets up itself.
const postgresUrl = process.env.TEST_DATABASE_URL;
const suite = (name: string, databaseUrl: string) => ({
  extends: true as const,
  test: { name, include: ['test/*.test.ts'], env: { TEST_DATABASE_URL: databaseUrl } },
});

export default defineConfig({
  test: {
    // Bounds for a hung test, not speed checks: a busy machine of two cores (CI, or a second suite
    // beside this one) has taken over 20 s for a test that takes 3 s alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      suite('sqlite', ''),
      ...(postgresUrl ? [suite('postgres', postgresUrl)] : []),
      { extends: true, test: { name: 'processes', include: ['test/processes/*.test.ts'], fileParallelism: false, testTimeout: 60_000, hookTimeout: 60_000 } },
    ],
  },
});
