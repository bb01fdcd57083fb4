// `npm run bench:data [-- --pg]`: the team's reads as the business grows (issue 39). On a throwaway database (the
// embedded SQLite, or a fresh database on the local PostgreSQL with --pg) with the demo data, it writes 100 clients
// of the demo's shape straight to the database (apps/api/test/fill-business.ts: a plan of three workouts, 40
// sessions of 18 sets and 20 messages each), measures each read through the built server over HTTP, then fills up
// to 10,000 clients and measures again in the same run. Prints each read's median at both sizes and their ratio,
// the slowest single answer at 10,000 (on SQLite a statement runs on the event loop: that is how long the server
// stood still), and how long the fill took. Asserts nothing.
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
const TARGET_RATIO = 1.5;
const TARGET_MS = 100;

interface Storage {
  env: Record<string, string>;
  dataDir?: string;
  /** bench/data-fill.ts's arguments naming the database. */
  target: string[];
  drop: () => void;
}

function prepareStorage(): Storage {
  const secret = { JWT_SECRET: randomBytes(32).toString('hex') };
  if (!pg) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-data-'));
    return {
      env: secret,
      dataDir,
      target: ['--sqlite', path.join(dataDir, 'acompanha.db')],
      drop: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const host = process.env.PGHOST ?? '127.0.0.1';
  const user = process.env.PGUSER ?? 'postgres';
  const name = `acompanha_bench_data_${process.pid}`;
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

/** Each read's times in ms, CALLS calls of each, taking turns so that a slow moment falls on all of them. */
async function measureReads(server: BenchServer, ids: Ids, auth: Record<Read['as'], Record<string, string>>) {
  const times = new Map<string, number[]>(READS.map((read) => [read.name, []]));
  for (let call = 0; call < CALLS; call += 1) {
    for (const read of READS) {
      const started = performance.now();
      // A kept-alive connection the server closed while the fill ran fails once: the call is made again.
      const get = () => fetch(server.base + read.url(ids), { headers: auth[read.as] });
      const response = await get().catch(get);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${read.name}: ${response.status}`);
      if (call >= WARM_UP) times.get(read.name)!.push(performance.now() - started);
    }
  }
  return times;
}

const storage = prepareStorage();
console.log(`Building the API; the team's reads on ${pg ? 'PostgreSQL (local)' : 'the embedded SQLite'} at ${SMALL} and ${LARGE.toLocaleString('en')} clients…`);
buildApi();
if (pg) execFileSync('npm', ['run', 'seed'], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, ...storage.env }, stdio: 'ignore' });
const server = await startServer({ dataDir: storage.dataDir, env: storage.env });
try {
  // Signed in anew before each measurement: an access token may expire during a long fill.
  const signIn = async () => {
    const staffLogin = await server.call<{ token: string }>('POST', '/api/v1/auth/login', { email: 'personal@demo.fit', password: 'Treino2026' });
    return { staff: { authorization: `Bearer ${staffLogin.token}` }, client: (await signInAna(server)).auth };
  };
  const anaId = (await server.call<{ id: number }>('GET', '/api/v1/users/me', undefined, (await signIn()).client)).id;

  const fill = (clients: number, prefix: string) =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'data-fill.ts'), ...storage.target, '--clients', String(clients), '--sessions', String(SHAPE.sessionsEach), '--messages', String(SHAPE.messagesEach), '--prefix', prefix], { encoding: 'utf8' }),
    ) as { clientId: number; seconds: number; settling: number };
  const small = fill(SMALL, 'pequeno');
  const ids = { clientId: small.clientId, anaId };
  const before = await measureReads(server, ids, await signIn());
  const large = fill(LARGE - SMALL, 'grande');
  const after = await measureReads(server, ids, await signIn());

  console.log(`\nThe team's reads, ${pg ? 'PostgreSQL' : 'SQLite'}: median of ${CALLS - WARM_UP} calls each, at ${SMALL} and ${LARGE.toLocaleString('en')} clients (${SHAPE.sessionsEach} sessions of 18 sets and ${SHAPE.messagesEach} messages each)\n`);
  console.table(
    READS.map((read) => {
      const at100 = median(before.get(read.name)!);
      const at10k = median(after.get(read.name)!);
      const ratio = at10k / at100;
      return {
        read: read.name,
        [`${SMALL} ms`]: at100.toFixed(1),
        [`${LARGE} ms`]: at10k.toFixed(1),
        ratio: ratio.toFixed(2),
        met: ratio <= TARGET_RATIO && at10k < TARGET_MS ? '✓' : '✗',
      };
    }),
  );
  const slowest = Math.max(...[...after.values()].flat());
  console.log(`Targets: each read at ${LARGE.toLocaleString('en')} at most ${TARGET_RATIO}× its time at ${SMALL} and under ${TARGET_MS} ms.`);
  console.log(`Slowest single answer at ${LARGE.toLocaleString('en')} clients: ${slowest.toFixed(1)} ms${pg ? '' : ' (the longest the event loop can have stood still)'}.`);
  console.log(`Filling: ${SMALL} clients in ${small.seconds.toFixed(1)} s, ${(LARGE - SMALL).toLocaleString('en')} more in ${large.seconds.toFixed(1)} s, then ${large.settling.toFixed(1)} s of ${pg ? 'vacuum analyze' : 'analyze'}.`);
} finally {
  await server.stop();
  storage.drop();
}
