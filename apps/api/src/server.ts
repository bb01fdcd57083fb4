import net from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { logDestination } from './logging.js';
import { protectDataDir } from './data-dir.js';
import { openConfiguredDatabase } from './db/open.js';
import { DEMO_PASSWORD, demoDataAllowed, seedOnFirstStart } from './db/seed.js';
import { loadJwtSecret } from './modules/auth/tokens.js';
import { loadVapidKeys } from './modules/push/vapid.js';
import { openMediaStorage } from './storage/open-media-storage.js';

/**
 * After SIGTERM, open connections get up to DRAIN_MS to finish; the wait ends earlier once none is
 * left or none has brought a request for QUIET_MS (a browser's idle keep-alive connection may stay
 * open for minutes). The process exits within EXIT_LIMIT_MS whatever happens.
 */
const DRAIN_MS = 5000;
const QUIET_MS = 500;
const EXIT_LIMIT_MS = 9500;
/** How long an exit waits for the log to be written: its reader may stall, or be gone (pino then writes nothing more). */
const LOG_EXIT_LIMIT_MS = 2000;

const config = loadConfig();
const db = await openConfiguredDatabase(config);
const jwtSecret = loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
const seeded = await seedOnFirstStart(db, config, jwtSecret);

const log = logDestination();
const app = await buildApp({
  config,
  db,
  jwtSecret,
  vapidKeys: loadVapidKeys(config),
  storage: await openMediaStorage(config),
  logger: { level: config.LOG_LEVEL, stream: log },
});

/**
 * Exits once every line logged so far is written. At exit pino writes what is still buffered, but a
 * write already handed to libuv's thread pool (which queues behind the password hashes) could be
 * lost or land after those lines: ending the destination waits for it.
 */
function exitWhenLogged(code: number) {
  process.exitCode = code;
  setTimeout(() => process.exit(code), LOG_EXIT_LIMIT_MS).unref();
  log.once('close', () => process.exit(code));
  log.end();
}

// A bug nothing caught leaves the process in no state to go on: its error goes into the log, in the
// log's shape and masked like any other, and the process ends.
process.on('uncaughtException', (error) => {
  app.log.fatal({ err: error }, 'crashed');
  exitWhenLogged(1);
});
// The database's outbox holds working password links until they are used: no other user may read it.
for (const warning of protectDataDir(config.DATA_DIR)) app.log.warn(warning);

const openConnections = () => new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));

async function shutDown(signal: NodeJS.Signals) {
  app.log.info({ signal }, 'closing: finishing in-flight requests');
  setTimeout(() => process.exit(1), EXIT_LIMIT_MS).unref();
  // Refuse new connections at once, but leave the open ones be: http.Server#close would also drop
  // the idle keep-alive ones, and with them any request a client has just sent on one.
  net.Server.prototype.close.call(app.server);
  const drainStart = Date.now();
  Object.assign(app.lifecycle, { draining: true, lastRequestAt: drainStart });
  // Live event streams never finish by themselves: end them now, and their clients reconnect to an instance that stays.
  app.eventStreams.endAll();
  // Every answer now closes its connection, so clients leave as their requests are answered.
  const draining = async () =>
    Date.now() - drainStart < DRAIN_MS && Date.now() - app.lifecycle.lastRequestAt < QUIET_MS && (await openConnections()) > 0;
  while (await draining()) await new Promise((resolve) => setTimeout(resolve, 50));
  await app.close();
  await db.destroy();
  exitWhenLogged(0);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (received) => void shutDown(received));

await app.listen({ host: config.HOST, port: config.PORT });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nAcompanha is running at ${url}${seeded ? ' (demo data seeded)' : ''}`);
if (demoDataAllowed(config)) console.log(`Demo login: ana@demo.fit / ${DEMO_PASSWORD}\n`);
