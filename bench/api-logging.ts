// `npm run bench:api-logging`: what the request log costs. Builds the production server and starts it three times, at
// LOG_LEVEL=warn and twice at the default LOG_LEVEL=info (its standard output appended to a file, as `npm start >> file`
// would, and through a pipe, as `npm start | tee`, a container's log driver or the journal read it), each on an
// embedded database with the demo data, beside the bare Fastify route. The four answer the same
// number of GET /api/health requests in turn, ROUNDS times, and each is measured by its throughput as a share of the
// bare route's in the same round and by the CPU time its process spent per request (user and system, every thread,
// from /proc): a shared machine's load moves the first a lot and the second little. Prints a table; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, startBareRoute } from './load';
import { buildApi, startServer } from './server';

const ROUNDS = 3;
const WARM_UP_REQUESTS = 2000;
const REQUESTS = 10_000;
/** The kernel's clock ticks a second, in which /proc/<pid>/stat counts CPU time (`getconf CLK_TCK`). */
const TICKS_PER_S = 100;

const cpuSeconds = (pid: number) => {
  // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
};

async function measure(url: string, pid: number) {
  const run = (amount: number) => autocannon({ url, connections: CONNECTIONS, amount });
  await run(WARM_UP_REQUESTS);
  const cpuBefore = cpuSeconds(pid);
  const result = await run(REQUESTS);
  const cpu = cpuSeconds(pid) - cpuBefore;
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx + result.errors} answers were not 2xx or failed`);
  return { reqPerSec: result.requests.total / (result.duration || 1), cpuUsPerRequest: (cpu / result.requests.total) * 1e6 };
}

type Measured = Awaited<ReturnType<typeof measure>>;

buildApi();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-log-'));
const logFile = path.join(logDir, 'server.log');
const pipedLogFile = path.join(logDir, 'piped.log');
const bare = await startBareRoute();
const quiet = await startServer({ env: { LOG_LEVEL: 'warn' } });
const logged = await startServer({ env: { LOG_LEVEL: 'info' }, logFile });
const piped = await startServer({ env: { LOG_LEVEL: 'info' }, logFile: pipedLogFile, logThroughPipe: true });
try {
  const rounds: { bare: Measured; warn: Measured; info: Measured; pipe: Measured }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const reference = await measure(`${bare.base}/health`, bare.pid);
    const warn = await measure(`${quiet.base}/api/health`, quiet.process.pid!);
    const info = await measure(`${logged.base}/api/health`, logged.process.pid!);
    const pipe = await measure(`${piped.base}/api/health`, piped.process.pid!);
    rounds.push({ bare: reference, warn, info, pipe });
    process.stdout.write(
      `round ${round}/${ROUNDS}: bare ${Math.round(reference.reqPerSec)}, warn ${Math.round(warn.reqPerSec)}, info ${Math.round(info.reqPerSec)}, info through a pipe ${Math.round(pipe.reqPerSec)} req/s\n`,
    );
  }
  await logged.stop();
  const text = fs.readFileSync(logFile, 'utf8');
  const bytes = Buffer.byteLength(text);
  const lines = text.split('\n').length - 1;

  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const row = (name: string, pick: (round: (typeof rounds)[number]) => { reqPerSec: number; cpuUsPerRequest: number }) => ({
    server: name,
    'req/s': rounds.map((round) => Math.round(pick(round).reqPerSec)).join(', '),
    '× bare, median': median(rounds.map((round) => pick(round).reqPerSec / round.bare.reqPerSec)).toFixed(3),
    'CPU µs a request': rounds.map((round) => Math.round(pick(round).cpuUsPerRequest)).join(', '),
    'CPU × bare, median': median(rounds.map((round) => pick(round).cpuUsPerRequest / round.bare.cpuUsPerRequest)).toFixed(2),
  });
  console.log(`\nGET /api/health, ${CONNECTIONS} connections, ${REQUESTS} requests each after ${WARM_UP_REQUESTS}, in turn, ${ROUNDS} rounds\n`);
  console.table([
    row('bare Fastify route', (round) => round.bare),
    row('LOG_LEVEL=warn', (round) => round.warn),
    row('LOG_LEVEL=info (default), to a file', (round) => round.info),
    row('LOG_LEVEL=info (default), through a pipe', (round) => round.pipe),
  ]);
  for (const [name, pick] of [['to a file', (round) => round.info], ['through a pipe', (round) => round.pipe]] as const satisfies readonly (readonly [string, (round: (typeof rounds)[number]) => Measured])[]) {
    console.log(
      `info ${name} ÷ warn, median of the rounds: throughput ${median(rounds.map((round) => pick(round).reqPerSec / round.warn.reqPerSec)).toFixed(3)}, ` +
        `CPU a request ${median(rounds.map((round) => pick(round).cpuUsPerRequest / round.warn.cpuUsPerRequest)).toFixed(2)}`,
    );
  }
  console.log(`At LOG_LEVEL=info: ${(bytes / 1e6).toFixed(1)} MB of log in ${lines} lines, ${Math.round(bytes / lines)} bytes a line, ${(bytes / ((WARM_UP_REQUESTS + REQUESTS) * ROUNDS)).toFixed(0)} bytes a request`);
} finally {
  bare.stop();
  await Promise.all([quiet.stop(), logged.stop(), piped.stop()]);
  fs.rmSync(logDir, { recursive: true, force: true });
}
