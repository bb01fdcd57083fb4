// `npm test`: every check the README promises, stopping at the first stage that fails, and a table
// of how long each step took (CI's time is watched: .ci/run prints it with its own steps).
// The steps of a stage run side by side, each with its output held until it ends, so that the
// log reads one step at a time: on two cores, single-threaded checks (tsc, ESLint) overlap well.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** @type {[string, string][][]} */
const stages = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['API (SQLite, PostgreSQL when set, processes)', 'npm run test:api']],
  [['units (contract, client, ui, web, console)', 'npm run test:web']],
  [['browser (build + Playwright)', 'npm run test:e2e']],
];

/**
 * Runs one step; alone, its output streams; beside others, it is printed whole when the step ends.
 * @param {string} command @param {boolean} alone @returns {Promise<number>}
 */
function run(command, alone) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/** @type {[string, number, number][]} */
const timings = [];
let status = 0;
for (const stage of stages) {
  const results = await Promise.all(
    stage.map(async ([name, command]) => {
      const started = performance.now();
      const code = await run(command, stage.length === 1);
      timings.push([name, (performance.now() - started) / 1000, code]);
      return code;
    }),
  );
  status = results.find((code) => code !== 0) ?? 0;
  if (status !== 0) break;
}

const table = timings
  .map(([name, seconds, code]) => `${name.padEnd(48)} ${seconds.toFixed(0).padStart(6)} s  ${code === 0 ? 'ok' : `failed (${code})`}`)
  .join('\n');
console.log(`\nnpm test (steps of one stage run side by side)\n${table}`);
// .ci/run adds these lines to its own table.
if (process.env.TIMINGS_FILE) fs.appendFileSync(process.env.TIMINGS_FILE, `${table}\n`);
process.exit(status);
