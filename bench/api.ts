// `npm run bench:api`: builds and starts the production server on its embedded default (fresh data directory, demo data)
// and measures three routes with autocannon. Prints a table; asserts nothing.
import autocannon from 'autocannon';
import { buildApi, signInAna, startServer } from './server';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;

buildApi();
const server = await startServer();
const base = server.base;

try {
  const { auth, workoutId } = await signInAna(server);
  const exercicios = `/api/v1/treinos/${workoutId}/exercicios?page=0&size=50`;
  const [exercise] = (await server.call<{ results: { id: number }[] }>('GET', exercicios, undefined, auth)).results;

  const routes = [
    { name: 'GET /api/health', method: 'GET' as const, path: '/api/health', headers: {} },
    { name: 'GET /api/v1/treinos/{id}/exercicios', method: 'GET' as const, path: exercicios, headers: auth },
    {
      name: 'PUT /api/v1/exercicios/{id}',
      method: 'PUT' as const,
      path: `/api/v1/exercicios/${exercise!.id}`,
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
  console.log(`Server peak RSS: ${server.peakRssMb()} MB`);
} finally {
  server.stop();
}
