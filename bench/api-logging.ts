// `npm run bench:api-logging`: what the request log costs. Builds the production server and starts it twice, at
// LOG_LEVEL=warn and at the default LOG_LEVEL=info (its standard output appended to a file, as `npm start >> file`
// would), each on an embedded database with the demo data, beside the bare Fastify route. GET /api/health is measured
// on the three in turn, ROUNDS times, so that a busy machine's swings fall on all three alike, and each server is
// given as a share of the bare route in its own round. Prints a table; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, DURATION_S, measure, startBareRoute, WARM_UP_S } from './load';
import { buildApi, startServer } from './server';

const ROUNDS = 3;
const health = { method: 'GET', path: '/api/health', headers: {} } as const;

buildApi();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-log-'));
const logFile = path.join(logDir, 'server.log');
const bare = await startBareRoute();
const quiet = await startServer({ env: { LOG_LEVEL: 'warn' } });
const logged = await startServer({ env: { LOG_LEVEL: 'info' }, logFile });
try {
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const reference = await measure([bare.base], { ...health, path: '/health' });
    const warn = await measure([quiet.base], health);
    const info = await measure([logged.base], health);
    rounds.push({ round, bare: reference.reqPerSec, warn: warn.reqPerSec / reference.reqPerSec, info: info.reqPerSec / reference.reqPerSec, infoP99: info.p99, warnP99: warn.p99 });
    process.stdout.write(`round ${round}/${ROUNDS}: bare ${Math.round(reference.reqPerSec)}, warn ${Math.round(warn.reqPerSec)}, info ${Math.round(info.reqPerSec)} req/s\n`);
  }
  await logged.stop();
  const text = fs.readFileSync(logFile, 'utf8');
  const lines = text.split('\n').length - 1;

  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nGET /api/health: ${CONNECTIONS} connections, ${DURATION_S} s per measure after ${WARM_UP_S} s warm-up, bare route, warn, info in turn\n`);
  console.table([
    ...rounds.map((r) => ({
      round: String(r.round),
      'bare req/s': Math.round(r.bare),
      'warn × bare': r.warn.toFixed(3),
      'info × bare': r.info.toFixed(3),
      'info ÷ warn': (r.info / r.warn).toFixed(3),
      'p99 ms warn / info': `${r.warnP99} / ${r.infoP99}`,
    })),
    {
      round: 'median',
      'bare req/s': Math.round(median(rounds.map((r) => r.bare))),
      'warn × bare': median(rounds.map((r) => r.warn)).toFixed(3),
      'info × bare': median(rounds.map((r) => r.info)).toFixed(3),
      'info ÷ warn': median(rounds.map((r) => r.info / r.warn)).toFixed(3),
      'p99 ms warn / info': '',
    },
  ]);
  console.log(`At LOG_LEVEL=info: ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB of log in ${lines} lines, ${Math.round(Buffer.byteLength(text) / lines)} bytes a line`);
} finally {
  bare.stop();
  await Promise.all([quiet.stop(), logged.stop()]);
  fs.rmSync(logDir, { recursive: true, force: true });
}
