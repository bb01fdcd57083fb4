import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { format } from 'date-fns';
import { freePort } from '../../scripts/free-port';

// Playwright loads this file again in every worker; the environment carries the first choice over
// to them, so that all of them talk to the one server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-e2e-'));
// The run's calendar day, picked once: the server dates its demo data from it, and the specs that
// depend on today start the browser's clock on it (e2e/run-day.ts), so that both agree even when a
// run crosses midnight. E2E_TODAY=YYYY-MM-DD runs the specs as on another day of the week.
process.env.E2E_TODAY ??= format(new Date(), 'yyyy-MM-dd');

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A retried test hides the next flake: a test passes on its first run or fails.
  retries: 0,
  // An assertion waits for the thing itself, however long a busy machine takes to show it: only the
  // test's own timeout (doubled for a shared machine of two cores; test.slow() triples it) ends the wait.
  timeout: 60_000,
  expect: { timeout: 0 },
  reporter: 'list',
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium' },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The real server on a fresh embedded database: it migrates, seeds the demo data and serves the built app.
    command: 'node --import tsx ../api/src/server.ts',
    url: `${baseURL}/api/health`,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E-mailed links must lead back to this server.
      APP_URL: baseURL,
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, 'dist'),
      CONSOLE_DIST: process.env.E2E_CONSOLE_DIST ?? path.resolve(import.meta.dirname, '../console/dist'),
      LOG_LEVEL: 'warn',
      DEMO_TODAY: process.env.E2E_TODAY,
      // The push specs' stand-in push service listens on loopback.
      PUSH_LOOPBACK: 'on',
      // Every browser of the run connects from 127.0.0.1: it may hold as many connections as the instance.
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
