// The production server as the benchmarks run it: built, on a fresh embedded database with demo data, on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port';
import { serverCommand } from '../scripts/server-command.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Milliseconds from spawning the process to its first 200 from /api/health. */
  coldStartMs: number;
  /** A JSON call to the server; throws on any status but 2xx. */
  call: <T>(method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;
  /** The kernel's high-water mark of the server's resident set, in MB (Linux). */
  peakRssMb: () => number;
  /** Starts the high-water mark again from the current resident set (Linux's clear_refs). */
  resetPeakRss: () => void;
  /** Ends the process (and removes its data folder unless the caller gave one); resolves when it has exited. */
  stop: () => Promise<void>;
}

/** Builds the API once per benchmark run. */
export function buildApi() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'ignore' });
}

export interface ServerOptions {
  /** The web app it serves (default: none). */
  webDist?: string;
  /** A data folder to use and keep (default: a fresh one, removed on stop), so that a restart finds its data. */
  dataDir?: string;
  /** More environment, e.g. DATABASE_URL, REDIS_URL, JWT_SECRET. */
  env?: Record<string, string>;
  /** Options for node before the server's own, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** A file the server's standard output is appended to, as `npm start >> file` would (default: none, /dev/null). */
  logFile?: string;
  /**
   * With `logFile`: the output goes through a pipe to a `cat` appending to it, as `npm start | tee`,
   * a container's log driver or systemd's journal read it, rather than straight into the file.
   */
  logThroughPipe?: boolean;
}

/** Starts the built server as `npm start` runs it, by default on a fresh embedded database with demo data. */
export async function startServer({ webDist = '', dataDir, env: extraEnv = {}, nodeArgs = [], logFile, logThroughPipe = false }: ServerOptions = {}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-'));
  const { command, args, env } = serverCommand();
  // WRITE_LIMITS=off: the benchmark writes thousands a second as one client; each write is still counted.
  // Its connections all come from 127.0.0.1, so that address may hold as many as the instance.
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WRITE_LIMITS: 'off',
    MAX_CONNECTIONS_PER_ADDRESS: extraEnv.MAX_CONNECTIONS ?? '1000',
    ...extraEnv,
  };
  if (webDist) serverEnv.WEB_DIST = webDist;
  // As `npm start` runs it, with demo data: Vite's build API sets NODE_ENV=production in the benchmark's own process.
  delete serverEnv.NODE_ENV;
  const spawnedAt = performance.now();
  const file = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const sink = logThroughPipe && typeof file === 'number' ? spawn('cat', [], { stdio: ['pipe', file, 'inherit'] }) : null;
  const server = spawn(command, [...nodeArgs, ...args], { cwd: root, env: serverEnv, stdio: ['ignore', sink ? sink.stdin! : file, 'inherit'] });
  if (typeof file === 'number') fs.closeSync(file);
  sink?.stdin?.destroy();
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const sinkDone = sink ? new Promise<void>((resolve) => sink.once('exit', () => resolve())) : Promise.resolve();
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    await sinkDone;
    if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
  };

  async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(base + url, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  let coldStartMs: number;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error('the server exited during start-up');
      // The demo data's password hashes take a while on a busy machine.
      if (performance.now() - spawnedAt > 120_000) throw new Error('the server did not become healthy in 120 s');
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    coldStartMs = performance.now() - spawnedAt;
  } catch (error) {
    await stop();
    throw error;
  }

  const peakRssMb = () => {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
  };
  const resetPeakRss = () => fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  return { base, process: server, coldStartMs, call, peakRssMb, resetPeakRss, stop };
}

/** Ana's session and the ids the benchmarks visit. */
export async function signInAna(server: BenchServer) {
  const tokens = await server.call<{ token: string; refresh_token: string }>('POST', '/api/v1/auth/login', {
    email: 'ana@demo.fit',
    password: 'Treino2026',
  });
  const auth = { authorization: `Bearer ${tokens.token}` };
  type Page<T> = { results: T[] };
  const me = await server.call<{ id: number }>('GET', '/api/v1/users/me', undefined, auth);
  const [evaluation] = (await server.call<Page<{ id: number }>>('GET', `/api/v1/clientes/${me.id}/avaliacoes`, undefined, auth)).results;
  const [workout] = (
    await server.call<Page<{ id: number }>>('GET', `/api/v1/avaliacoes/${evaluation!.id}/treinos?page=0&size=50`, undefined, auth)
  ).results;
  return { tokens, auth, workoutId: workout!.id };
}

