// The load the API benchmarks put on a server, and the reference they measure it against.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/free-port';
import { root } from './server';

export const CONNECTIONS = 50;
export const DURATION_S = 10;
export const WARM_UP_S = 3;

export interface Load {
  method: 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
}

/** Load on every base URL at once, CONNECTIONS in all, one result aggregated over them. */
export async function measure(bases: string[], load: Load): Promise<Measured> {
  const run = (duration: number) =>
    Promise.all(
      bases.map((base) =>
        autocannon({
          url: base + load.path,
          method: load.method,
          headers: load.headers,
          body: load.body,
          connections: Math.ceil(CONNECTIONS / bases.length),
          duration,
          skipAggregateResult: true,
        } as autocannon.Options),
      ),
    );
  await run(WARM_UP_S);
  const results = await run(DURATION_S);
  const aggregate = (autocannon as unknown as { aggregateResult: (r: unknown[], o: object) => autocannon.Result }).aggregateResult(results, {
    url: bases[0],
    connections: CONNECTIONS,
  });
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`${load.method} ${load.path}: ${failed} answers were not 2xx or failed`);
  // The aggregate's per-second request samples come out empty; its total (autocannon 8 gives none per run) and its
  // latency histogram are whole.
  return { reqPerSec: aggregate.requests.total / DURATION_S, p50: aggregate.latency.p50, p99: aggregate.latency.p99 };
}

/** The same Fastify as the API, one route, no plugins, in its own process (bare-route.mjs). */
export async function startBareRoute() {
  const port = await freePort();
  const bare = spawn(process.execPath, [path.join(root, 'bench/bare-route.mjs')], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  while (!(await fetch(`${base}/health`).then((r) => r.ok, () => false))) await new Promise((resolve) => setTimeout(resolve, 20));
  return { base, pid: bare.pid!, stop: () => bare.kill('SIGTERM') };
}
