// `npm run bench:api`: builds and starts the production server on its embedded default (fresh data directory, demo data)
// and measures three routes with autocannon. Prints a table; asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverCommand } from '../scripts/server-command.mjs';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;

const root = path.resolve(import.meta.dirname, '..');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-bench-'));

execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'ignore' });
const { command, args, env } = serverCommand();
const server = spawn(command, args, {
  cwd: root,
  env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForHealth();
  const token = (await call('POST', '/api/v1/auth/login', { email: 'ana@demo.fit', password: 'Treino2026' })).token;
  const auth = { authorization: `Bearer ${token}` };
  const me = await call('GET', '/api/v1/users/me', undefined, auth);
  const evaluation = (await call('GET', `/api/v1/clientes/${me.id}/avaliacoes`, undefined, auth)).results[0];
  const workout = (await call('GET', `/api/v1/avaliacoes/${evaluation.id}/treinos?page=0&size=50`, undefined, auth)).results[0];
  const exercicios = `/api/v1/treinos/${workout.id}/exercicios?page=0&size=50`;
  const exercise = (await call('GET', exercicios, undefined, auth)).results[0];

  const routes = [
    { name: 'GET /api/health', method: 'GET' as const, path: '/api/health', headers: {} },
    { name: 'GET /api/v1/treinos/{id}/exercicios', method: 'GET' as const, path: exercicios, headers: auth },
    {
      name: 'PUT /api/v1/exercicios/{id}',
      method: 'PUT' as const,
      path: `/api/v1/exercicios/${exercise.id}`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ carga: 42 }),
    },
  ];

  const rows = [];
  for (const route of routes) {
    const options = { url: base + route.path, method: route.method, headers: route.headers, body: route.body, connections: CONNECTIONS };
    await autocannon({ ...options, duration: WARM_UP_S });
    const result = await autocannon({ ...options, duration: DURATION_S });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    rows.push({ route: route.name, reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
  }

  const health = rows[0]!.reqPerSec;
  console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARM_UP_S} s warm-up (embedded SQLite)\n`);
  console.table(
    rows.map((row) => ({
      route: row.route,
      'req/s': Math.round(row.reqPerSec),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs health': `${((row.reqPerSec / health) * 100).toFixed(1)} %`,
    })),
  );
  console.log(`Server peak RSS: ${peakRssMb(server.pid!)} MB`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    const healthy = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in 30 s');
}

/** The kernel's high-water mark of the process's resident set (Linux). */
function peakRssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
  return (kb / 1024).toFixed(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
