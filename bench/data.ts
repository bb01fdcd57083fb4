// `npm run bench:data [-- --pg]`: the team's reads as the business grows (issue 39). Two throwaway databases (the
// embedded SQLite, or fresh databases on the local PostgreSQL with --pg), each with the demo data and a server of its
// own: one with 100 clients of the demo's shape, one with 10,000, written straight to the database
// (bench/data-fill.ts: a plan of three workouts, 40 sessions of 18 sets and 20 messages each). Each read is then
// called on one server and the other by turns, so that whatever the machine does meanwhile falls on both sizes.
// Prints each read's median at both sizes and their ratio, the slowest single answer at 10,000 (on SQLite a
// statement runs on the event loop: that is how long the server stood still), and how long the fill took.
// Asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApi, signInAna, startServer, type BenchServer } from './server';

const { pg } = parseArgs({ options: { pg: { type: 'boolean', default: false } } }).values;
const SMALL = 100;
const LARGE = Number(process.env.BENCH_DATA_CLIENTS ?? 10_000);
const SHAPE = { sessionsEach: 40, messagesEach: 20 };
/** Calls of each read at each size; the first few warm the caches and are not counted. */
const CALLS = 25;
const WARM_UP = 5;
/** The client whose own page is read at both sizes: the fill's 50th, of the same shape in both. */
const MEASURED = SMALL / 2;
const TARGET_RATIO = 1.5;
const TARGET_MS = 100;

interface Storage {
  env: Record<string, string>;
  dataDir?: string;
  /** bench/data-fill.ts's arguments naming the database. */
  target: string[];
  drop: () => void;
}

function prepareStorage(size: string): Storage {
  const secret = { JWT_SECRET: randomBytes(32).toString('hex') };
  if (!pg) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `acompanha-bench-data-${size}-`));
    return {
      env: secret,
      dataDir,
      target: ['--sqlite', path.join(dataDir, 'acompanha.db')],
      drop: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const host = process.env.PGHOST ?? '127.0.0.1';
  const user = process.env.PGUSER ?? 'postgres';
  const name = `acompanha_bench_data_${size}_${process.pid}`;
  const url = `postgres://${user}@${host}:5432/${name}`;
  execFileSync('createdb', ['-h', host, '-U', user, name]);
  return {
    // The demo data is the embedded default's; on PostgreSQL `npm run seed` writes it (below).
    env: { ...secret, DATABASE_URL: url },
    target: ['--pg', url],
    drop: () => execFileSync('dropdb', ['-h', host, '-U', user, '--if-exists', '--force', name]),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Read {
  name: string;
  url: (ids: Ids) => string;
  as: 'staff' | 'client';
}
interface Ids {
  /** A client of the fill: the team's reads of one client. */
  clientId: number;
  /** Ana, the demo's client: her own home and thread. */
  anaId: number;
}

const READS: Read[] = [
  { name: "roster's first page", url: () => '/api/v1/equipe/clientes', as: 'staff' },
  { name: 'roster, second page', url: () => '/api/v1/equipe/clientes?page=1', as: 'staff' },
  { name: "search 'joao'", url: () => '/api/v1/equipe/clientes?busca=joao', as: 'staff' },
  { name: 'filter vencendo', url: () => '/api/v1/equipe/clientes?filtro=vencendo', as: 'staff' },
  { name: 'filter sem_treino', url: () => '/api/v1/equipe/clientes?filtro=sem_treino', as: 'staff' },
  { name: 'filter nao_lidas', url: () => '/api/v1/equipe/clientes?filtro=nao_lidas', as: 'staff' },
  { name: 'filter convite_pendente', url: () => '/api/v1/equipe/clientes?filtro=convite_pendente', as: 'staff' },
  { name: 'filter meus', url: () => '/api/v1/equipe/clientes?filtro=meus', as: 'staff' },
  { name: 'order ultimo_treino', url: () => '/api/v1/equipe/clientes?ordem=ultimo_treino', as: 'staff' },
  { name: 'order aguardando', url: () => '/api/v1/equipe/clientes?ordem=aguardando', as: 'staff' },
  { name: 'inbox (conversas)', url: () => '/api/v1/equipe/conversas', as: 'staff' },
  { name: "a client's page head", url: ({ clientId }) => `/api/v1/equipe/clientes/${clientId}`, as: 'staff' },
  { name: "a client's sessions", url: ({ clientId }) => `/api/v1/equipe/clientes/${clientId}/sessoes`, as: 'staff' },
  { name: "a client's progress", url: ({ clientId }) => `/api/v1/equipe/clientes/${clientId}/progresso`, as: 'staff' },
  { name: "a client's evaluations", url: ({ clientId }) => `/api/v1/equipe/clientes/${clientId}/avaliacoes`, as: 'staff' },
  { name: "the client's own home", url: ({ anaId }) => `/api/v1/clientes/${anaId}/inicio`, as: 'client' },
  { name: "the client's own thread", url: () => '/api/v1/mensagens', as: 'client' },
];

interface Size {
  server: BenchServer;
  ids: Ids;
  auth: Record<Read['as'], Record<string, string>>;
  fill: { seconds: number; settling: number };
}

/** Stops the servers and drops the databases made so far. */
const cleanups: (() => Promise<void>)[] = [];

/** A database of `clients` clients with its own server, signed in as Rafael and as ana. */
async function prepareSize(clients: number): Promise<Size> {
  const storage = prepareStorage(String(clients));
  cleanups.push(async () => storage.drop());
  if (pg) execFileSync('npm', ['run', 'seed'], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, ...storage.env }, stdio: 'ignore' });
  const server = await startServer({ dataDir: storage.dataDir, env: storage.env });
  cleanups.unshift(() => server.stop());
  const fill = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'data-fill.ts'), ...storage.target, '--clients', String(clients), '--sessions', String(SHAPE.sessionsEach), '--messages', String(SHAPE.messagesEach), '--measured', String(MEASURED)], { encoding: 'utf8' }),
  ) as { clientId: number; seconds: number; settling: number };
  const staffLogin = await server.call<{ token: string }>('POST', '/api/v1/auth/login', { email: 'personal@demo.fit', password: 'Treino2026' });
  const client = (await signInAna(server)).auth;
  const anaId = (await server.call<{ id: number }>('GET', '/api/v1/users/me', undefined, client)).id;
  return { server, ids: { clientId: fill.clientId, anaId }, auth: { staff: { authorization: `Bearer ${staffLogin.token}` }, client }, fill };
}

/** The read's address with a page of `size` rows. */
const withPageSize = (url: string, size: number) => `${url}${url.includes('?') ? '&' : '?'}size=${size}`;

/** How many rows an answer shows: a page's results (null for a read of one thing). */
const rowsShown = (body: unknown) => (typeof body === 'object' && body !== null && 'results' in body && Array.isArray(body.results) ? body.results.length : null);

interface Measured {
  read: Read;
  /** The rows the answer shows at 100 clients, and at 10,000. */
  rows: [number | null, number | null];
  /** Times in ms at 100 clients, at 10,000, and at 10,000 in a page of as many rows as at 100 (when fewer). */
  times: [number[], number[], number[] | null];
}

/**
 * Each read's times in ms, CALLS calls of each, taking turns (read by read, size by size) so that a slow moment
 * falls on all of them. A page that shows fewer rows at 100 clients (5 invitations pending, not 50) is also read at
 * 10,000 in a page of that many: the read grows with what it shows, and this tells it from the business's growth.
 */
async function measureReads([small, large]: [Size, Size]): Promise<Measured[]> {
  const get = async ({ server, auth }: Size, read: Read, url: string) => {
    const started = performance.now();
    const response = await fetch(server.base + url, { headers: auth[read.as] });
    const body = await response.text();
    if (!response.ok) throw new Error(`${read.name}: ${response.status}`);
    return { ms: performance.now() - started, rows: rowsShown(JSON.parse(body)) };
  };
  const measured = await Promise.all(
    READS.map(async (read): Promise<Measured> => {
      const rows: Measured['rows'] = [(await get(small, read, read.url(small.ids))).rows, (await get(large, read, read.url(large.ids))).rows];
      return { read, rows, times: [[], [], rows[0] !== null && rows[1] !== null && rows[0] > 0 && rows[0] < rows[1] ? [] : null] };
    }),
  );
  for (let call = 0; call < CALLS; call += 1) {
    for (const { read, rows, times } of measured) {
      const small100 = await get(small, read, read.url(small.ids));
      const large10k = await get(large, read, read.url(large.ids));
      const sameRows = times[2] && (await get(large, read, withPageSize(read.url(large.ids), rows[0]!)));
      if (call < WARM_UP) continue;
      times[0].push(small100.ms);
      times[1].push(large10k.ms);
      if (sameRows) times[2]!.push(sameRows.ms);
    }
  }
  return measured;
}

console.log(`Building the API; the team's reads on ${pg ? 'PostgreSQL (local)' : 'the embedded SQLite'} at ${SMALL} and ${LARGE.toLocaleString('en')} clients…`);
buildApi();
const sizes: Size[] = [];
try {
  sizes.push(await prepareSize(SMALL), await prepareSize(LARGE));
  const measured = await measureReads(sizes as [Size, Size]);

  console.log(`\nThe team's reads, ${pg ? 'PostgreSQL' : 'SQLite'}: median of ${CALLS - WARM_UP} calls each, at ${SMALL} and ${LARGE.toLocaleString('en')} clients (${SHAPE.sessionsEach} sessions of 18 sets and ${SHAPE.messagesEach} messages each), a server each, by turns\n`);
  console.table(
    measured.map(({ read, rows, times }) => {
      const [small, large] = [median(times[0]), median(times[1])];
      const sameRows = times[2] && median(times[2]);
      // Judged on the page of as many rows when the business's page shows more.
      const compared = sameRows ?? large;
      return {
        read: read.name,
        rows: rows[0] === null ? '' : `${rows[0]} / ${rows[1]}`,
        [`${SMALL} ms`]: small.toFixed(1),
        [`${LARGE} ms`]: large.toFixed(1),
        ratio: (large / small).toFixed(2),
        [`${LARGE} ms, as many rows`]: sameRows === null ? '' : sameRows.toFixed(1),
        'ratio, as many rows': sameRows === null ? '' : (sameRows / small).toFixed(2),
        met: compared / small <= TARGET_RATIO && large < TARGET_MS ? '✓' : '✗',
      };
    }),
  );
  const slowest = Math.max(...measured.flatMap(({ times }) => times[1]));
  const { fill } = sizes[1]!;
  console.log(`Targets: each read at ${LARGE.toLocaleString('en')} at most ${TARGET_RATIO}× its time at ${SMALL} and under ${TARGET_MS} ms.`);
  console.log(`Slowest single answer at ${LARGE.toLocaleString('en')} clients: ${slowest.toFixed(1)} ms${pg ? '' : ' (the longest the event loop can have stood still)'}.`);
  console.log(`Filling: ${LARGE.toLocaleString('en')} clients in ${fill.seconds.toFixed(1)} s, then ${fill.settling.toFixed(1)} s of ${pg ? 'vacuum analyze' : 'analyze'}.`);
} finally {
  for (const cleanup of cleanups) await cleanup();
}
