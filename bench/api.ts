// `npm run bench:api [-- --pg] [-- --instances N]`: builds and starts the production server (embedded SQLite with demo
// data, or a fresh database on the local PostgreSQL with --pg), and measures its routes with autocannon against a bare
// Fastify route in its own process, measured in the same run before and after them. With --instances N the same table
// is measured again with N servers on one database (and the local Redis), the load spread over them connection by
// connection. With --profile health|read|write|thumbnail the server runs under --cpu-prof (one instance, that route alone) and the
// ten functions with the most self time are printed after the table. The servers run at LOG_LEVEL=warn; unless
// profiling, health is measured once more on an instance at the default level with its log going to a file, and an
// instance of its own then holds 1,000 live event streams: the resident set they add and how soon one message reaches
// them all, and another takes the upload of a phone's photo, alone and twenty at once (bench/photos.ts). Prints tables;
// asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, DURATION_S, measure, startBareRoute, WARM_UP_S, type Load, type Measured } from './load';
import { measureUploads, phonePhoto, uploadPhoto } from './photos';
import { buildApi, root, signInAna, startServer, type BenchServer } from './server';

const { values: options } = parseArgs({
  options: { pg: { type: 'boolean', default: false }, instances: { type: 'string', default: '1' }, profile: { type: 'string' } },
});
const instances = Number(options.instances);
if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances takes a whole number of at least 1');
const EXERCISE_LIST = 'GET /api/v1/treinos/{id}/exercicios';
const THUMBNAIL = 'GET /api/v1/midias/{id}/miniatura';
/** The route each --profile value runs alone. */
const PROFILED_ROUTES: Record<string, string> = { health: 'GET /api/health', read: EXERCISE_LIST, write: 'PUT /api/v1/exercicios/{id}', thumbnail: THUMBNAIL };
if (options.profile !== undefined && !(options.profile in PROFILED_ROUTES)) throw new Error(`--profile takes one of ${Object.keys(PROFILED_ROUTES).join(', ')}`);
const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-profile-')) : undefined;
const storage = options.pg ? 'PostgreSQL (local)' : 'embedded SQLite';

interface Route extends Load {
  name: string;
  /** The least share of the bare route's throughput and the most p99 the issue set, if any. */
  target?: { ratio: number; p99?: number };
  /** The route whose throughput this one must reach, in the same run. */
  atLeastAs?: string;
}

interface Row extends Measured {
  route: string;
  target?: Route['target'];
  atLeastAs?: string;
}

/** Where the servers keep their data: a fresh PostgreSQL database or data folder, with the demo data. */
function prepareStorage() {
  const secret = { JWT_SECRET: randomBytes(32).toString('hex') };
  if (!options.pg) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-'));
    return { env: secret, dataDir, seed: async () => (await startServer({ dataDir, env: secret })).stop(), drop: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const host = process.env.PGHOST ?? '127.0.0.1';
  const user = process.env.PGUSER ?? 'postgres';
  const name = `acompanha_bench_${process.pid}`;
  const env = { ...secret, DATABASE_URL: `postgres://${user}@${host}:5432/${name}` };
  execFileSync('createdb', ['-h', host, '-U', user, name]);
  return {
    env,
    dataDir: undefined,
    seed: async () => {
      execFileSync('npm', ['run', 'seed'], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
      // The writes of a fresh database are flushed and its statistics taken now, not during the reference's measurement.
      execFileSync('psql', ['-h', host, '-U', user, '-d', name, '-q', '-c', 'VACUUM ANALYZE', '-c', 'CHECKPOINT']);
    },
    drop: () => execFileSync('dropdb', ['-h', host, '-U', user, '--if-exists', name]),
  };
}

function printTable(title: string, rows: Row[], bare: number) {
  console.log(`\n${title}\n`);
  console.table(
    rows.map((row) => {
      const ratio = row.reqPerSec / bare;
      const met = row.target && ratio >= row.target.ratio && (row.target.p99 === undefined || row.p99 <= row.target.p99);
      const other = rows.find((candidate) => candidate.route === row.atLeastAs);
      return {
        route: row.route,
        'req/s': Math.round(row.reqPerSec),
        'p50 ms': row.p50,
        'p99 ms': row.p99,
        '× bare': ratio.toFixed(3),
        target: row.target
          ? `≥ ${row.target.ratio}×${row.target.p99 ? `, p99 ≤ ${row.target.p99} ms` : ''} ${met ? '✓' : '✗'}`
          : other
            ? `≥ ${(other.reqPerSec / bare).toFixed(3)}× (the exercise list) ${row.reqPerSec >= other.reqPerSec ? '✓' : '✗'}`
            : '',
      };
    }),
  );
}

const PHOTO_LABEL = '4,000 × 3,000';
const STREAMS = 1000;
const STREAM_RSS_TARGET_MB = 50;
const STREAM_DELIVERY_TARGET_MS = 1000;

const rssMb = (server: BenchServer) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1]) / 1024;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Issue 23's stream targets, on an instance of their own: the resident set it gains holding STREAMS open event streams
 * (ana's conversation, each on its own connection), and how long one message of hers takes to reach every one of them.
 */
async function measureStreams({ dataDir, env }: { dataDir?: string; env: Record<string, string> }) {
  const server = await startServer({ dataDir, env: { ...env, MAX_CONNECTIONS: String(2 * STREAMS), LIVE_STREAMS_PER_ACCOUNT: String(STREAMS) } });
  try {
    const { auth } = await signInAna(server);
    // A sign-in's scrypt and the first requests settle before the reference is taken.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssMb(server);
    const controller = new AbortController();
    const arrivals: number[] = [];
    let sentAt = 0;
    const readers = await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        const response = await fetch(`${server.base}/api/v1/mensagens/eventos`, { headers: auth, signal: controller.signal });
        if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let text = '';
        void (async () => {
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
            if (done) return;
            text += decoder.decode(value, { stream: true });
            if (text.includes('event: mensagem')) {
              arrivals.push(performance.now() - sentAt);
              return;
            }
          }
        })();
        return reader;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const grownMb = rssMb(server) - before;
    sentAt = performance.now();
    await server.call('POST', '/api/v1/mensagens', { id: randomUUID(), texto: 'Para todos os streams' }, auth);
    const deadline = performance.now() + 10_000;
    while (arrivals.length < STREAMS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await Promise.all(readers.map((reader) => reader.cancel().catch(() => undefined)));
    const sorted = arrivals.sort((a, b) => a - b);
    const p99 = sorted.length === STREAMS ? percentile(sorted, 99) : Infinity;
    return { grownMb, reached: sorted.length, p50: percentile(sorted, 50), p99, max: sorted.at(-1)! };
  } finally {
    await server.stop();
  }
}

/**
 * Health once more on an instance of its own at the default LOG_LEVEL (the other servers run at warn), its standard
 * output appended to a file as `npm start >> file` would: what the request log costs, and how much of it there is.
 */
async function measureDefaultLogging({ dataDir, env }: { dataDir?: string; env: Record<string, string> }) {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const server = await startServer({ dataDir, env: { ...env, LOG_LEVEL: 'info' }, logFile });
  try {
    const row = { route: 'GET /api/health, LOG_LEVEL=info', ...(await measure([server.base], { method: 'GET', path: '/api/health', headers: {} })) };
    await server.stop();
    const text = fs.readFileSync(logFile, 'utf8');
    return { row, log: { bytes: Buffer.byteLength(text), lines: text.split('\n').length - 1 } };
  } finally {
    await server.stop();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

buildApi();
const store = prepareStorage();
let defaultLog: { bytes: number; lines: number } | undefined;
const running: BenchServer[] = [];
const bareRoute = await startBareRoute();
try {
  await store.seed();
  const bareBefore = await measure([bareRoute.base], { method: 'GET', path: '/health', headers: {} });

  const tables: { count: number; rows: Row[]; coldStartMs: number[]; peakRssMb: number[]; signInPeakMb: number }[] = [];
  for (const count of profileDir ? [1] : [...new Set([1, instances])]) {
    // Started one after another, so that each start is measured alone.
    for (let i = 0; i < count; i += 1) {
      running.push(
        await startServer({
          dataDir: store.dataDir,
          env: { ...store.env, ...(count > 1 ? { REDIS_URL: 'redis://127.0.0.1:6379/13' } : {}) },
          nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
        }),
      );
    }
    const bases = running.map((server) => server.base);
    const { auth, workoutId } = await signInAna(running[0]!);
    const exercicios = `/api/v1/treinos/${workoutId}/exercicios?page=0&size=50`;
    const [exercise] = (await running[0]!.call<{ results: { id: number }[] }>('GET', exercicios, undefined, auth)).results;
    const photoId = await uploadPhoto(running[0]!, auth, await phonePhoto());
    // A sign-in's scrypt takes 128 MiB for a moment (decision 017): the peak under the routes' load is counted apart.
    const signInPeakMb = running[0]!.peakRssMb();
    for (const server of running) server.resetPeakRss();
    const readTarget = options.pg ? { ratio: 0.06 } : { ratio: 0.12, p99: 20 };
    const routes: Route[] = [
      { name: 'GET /api/health', method: 'GET', path: '/api/health', headers: {}, target: { ratio: 0.7 } },
      { name: EXERCISE_LIST, method: 'GET', path: exercicios, headers: auth, target: readTarget },
      { name: 'GET /api/v1/mensagens', method: 'GET', path: '/api/v1/mensagens?size=50', headers: auth, atLeastAs: EXERCISE_LIST },
      {
        name: 'PUT /api/v1/exercicios/{id}',
        method: 'PUT',
        path: `/api/v1/exercicios/${exercise!.id}`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ carga: 42 }),
        target: options.pg ? undefined : { ratio: 0.08, p99: 30 },
      },
      // A thread's thumbnail, authorised and streamed from the storage (issue 40).
      { name: THUMBNAIL, method: 'GET', path: `/api/v1/midias/${photoId}/miniatura`, headers: auth, target: { ratio: 0.3 } },
    ];
    const rows: Row[] = [];
    const measured = options.profile ? routes.filter((route) => route.name === PROFILED_ROUTES[options.profile!]) : routes;
    for (const route of measured) rows.push({ route: route.name, target: route.target, atLeastAs: route.atLeastAs, ...(await measure(bases, route)) });
    tables.push({ count, rows, coldStartMs: running.map((server) => server.coldStartMs), peakRssMb: running.map((server) => server.peakRssMb()), signInPeakMb });
    await Promise.all(running.splice(0).map((server) => server.stop()));
    if (count === 1 && !profileDir) {
      const { row, log } = await measureDefaultLogging(store);
      rows.push(row);
      defaultLog = log;
    }
  }
  const bareAfter = await measure([bareRoute.base], { method: 'GET', path: '/health', headers: {} });
  const bare = (bareBefore.reqPerSec + bareAfter.reqPerSec) / 2;
  const streams = profileDir ? undefined : await measureStreams(store);
  const uploads = profileDir ? undefined : await measureUploads(store);

  console.log(`\nAPI benchmark (${storage}): ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARM_UP_S} s warm-up`);
  printTable('Reference', [
    { route: 'bare Fastify route, before', ...bareBefore },
    { route: 'bare Fastify route, after', ...bareAfter },
  ], bare);
  const list = (values: number[], unit: string) => values.map((value) => `${Math.round(value)} ${unit}`).join(', ');
  for (const { count, rows, coldStartMs, peakRssMb, signInPeakMb } of tables) {
    printTable(`${count} instance${count > 1 ? 's (Redis for rate limits), the load spread by connection' : ''}`, rows, bare);
    console.log(`Cold start, spawn to the first 200 from /api/health on existing data: ${list(coldStartMs, 'ms')} (target < 1000 ms)`);
    console.log(`Peak RSS under the routes' load: ${list(peakRssMb, 'MB')} (target < 150 MB); through a sign-in's scrypt: ${Math.round(signInPeakMb)} MB`);
  }
  if (defaultLog) {
    console.log(`At LOG_LEVEL=info: ${(defaultLog.bytes / 1e6).toFixed(1)} MB of log in ${defaultLog.lines} lines, ${Math.round(defaultLog.bytes / defaultLog.lines)} bytes a line`);
  }
  if (streams) {
    const mark = (met: boolean) => (met ? '✓' : '✗');
    console.log(
      `\n${STREAMS} open event streams on one instance: RSS grew by ${Math.round(streams.grownMb)} MB ` +
        `(target ≤ ${STREAM_RSS_TARGET_MB} MB ${mark(streams.grownMb <= STREAM_RSS_TARGET_MB)}); one message reached ${streams.reached} of them, ` +
        `p50 ${Math.round(streams.p50)} ms, p99 ${Math.round(streams.p99)} ms, last ${Math.round(streams.max)} ms ` +
        `(target p99 ≤ ${STREAM_DELIVERY_TARGET_MS} ms ${mark(streams.p99 <= STREAM_DELIVERY_TARGET_MS)})`,
    );
  }
  if (uploads) {
    console.log(
      `\nUploading a ${PHOTO_LABEL} JPEG of ${uploads.photoMb.toFixed(1)} MB: ${Math.round(uploads.aloneMs)} ms alone, median of 5 (target ≤ 1500 ms ${uploads.aloneMs <= 1500 ? '✓' : '✗'}); ` +
        `20 at once took ${Math.round(uploads.twentyMs)} ms, peak RSS ${Math.round(uploads.twentyPeakMb)} MB (target < 400 MB ${uploads.twentyPeakMb < 400 ? '✓' : '✗'})`,
    );
  }
  if (profileDir) printSelfTime(profileDir);
} finally {
  bareRoute.stop();
  await Promise.all(running.map((server) => server.stop()));
  store.drop();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
}

/**
 * The ten functions with the most self time in the server's CPU profile, each with the module it comes from: the
 * server is one esbuild bundle, whose `// node_modules/...` and `// src/...` comments say where each module starts.
 */
function printSelfTime(dir: string) {
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const bundle = fs.readFileSync(path.join(root, 'apps/api/dist/server.js'), 'utf8').split('\n');
  const moduleStarts = bundle.flatMap((line, index) => (/^\/\/ (node_modules|src|\.\.)\//.test(line) ? [{ line: index, module: line.slice(3) }] : []));
  const moduleAt = (line: number) => moduleStarts.findLast((start) => start.line <= line)?.module ?? '?';

  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFrame = new Map<string, number>();
  let total = 0;
  for (const { id, callFrame } of profile.nodes) {
    const us = selfUs.get(id);
    if (!us || callFrame.functionName === '(idle)') continue;
    total += us;
    const where = callFrame.url.endsWith('dist/server.js') ? moduleAt(callFrame.lineNumber) : callFrame.url.replace(/^node:/, '') || '(native)';
    const key = `${callFrame.functionName || '(anonymous)'}  ${where}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + us);
  }
  console.log(`\nTop ten self time of ${(total / 1e6).toFixed(1)} s of CPU in the server (idle left out):\n`);
  console.table(
    [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([frame, us]) => ({ frame, 'self ms': Math.round(us / 1000), share: `${((us / total) * 100).toFixed(1)} %` })),
  );
}
