// `npm test`: every check the README promises, one after the other, stopping at the first failure,
// and a table of how long each took (CI's time is watched: .ci/run prints it with its own steps).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** @type {[string, string][]} */
const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['API (SQLite, PostgreSQL when set, processes)', 'npm run test:api'],
  ['units (ui, web, console)', 'npm run test:web'],
  ['browser (build + Playwright)', 'npm run test:e2e'],
];

/** @type {[string, number, string][]} */
const timings = [];
let status = 0;
for (const [name, command] of steps) {
  const started = performance.now();
  status = spawnSync(command, { shell: true, stdio: 'inherit' }).status ?? 1;
  timings.push([name, (performance.now() - started) / 1000, status === 0 ? 'ok' : `failed (${status})`]);
  if (status !== 0) break;
}

const table = timings.map(([name, seconds, outcome]) => `${name.padEnd(48)} ${seconds.toFixed(0).padStart(6)} s  ${outcome}`).join('\n');
console.log(`\nnpm test\n${table}`);
// .ci/run adds these lines to its own table.
if (process.env.TIMINGS_FILE) fs.appendFileSync(process.env.TIMINGS_FILE, `${table}\n`);
process.exit(status);
