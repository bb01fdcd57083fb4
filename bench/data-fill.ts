// bench:data's fill, run as a process of its own (bench/data.ts): millions of rows built in JavaScript would
// otherwise leave the measuring process a heap to collect, and its timings of the larger size would pay for it.
// Prints one line of JSON: the id of the fill's client numbered --measured, the seconds writing and the seconds settling.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../apps/api/src/db/database';
import { fillBusiness } from '../apps/api/test/fill-business';

const { values } = parseArgs({ options: { sqlite: { type: 'string' }, pg: { type: 'string' }, clients: { type: 'string' }, sessions: { type: 'string' }, messages: { type: 'string' }, measured: { type: 'string' } } });
const clients = Number(values.clients);
const db = values.pg ? openDatabase({ kind: 'postgres', url: values.pg }) : openDatabase({ kind: 'sqlite', file: values.sqlite! });
try {
  const started = performance.now();
  const filled = await fillBusiness(db, { clients, sessionsEach: Number(values.sessions), messagesEach: Number(values.messages) });
  const wrote = performance.now();
  // As a live database is: fresh statistics, and on PostgreSQL the visibility map autovacuum keeps (without it
  // no index-only scan is taken, and a freshly filled table reads slower than a live one).
  await sql.raw(values.pg ? 'vacuum analyze' : 'analyze').execute(db);
  console.log(JSON.stringify({ clientId: filled.clients[Number(values.measured)], seconds: (wrote - started) / 1000, settling: (performance.now() - wrote) / 1000 }));
} finally {
  await db.destroy();
}
