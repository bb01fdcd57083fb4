import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { DEMO_PASSWORD, demoDataAllowed, seedOnFirstStart } from './db/seed.js';
import { loadJwtSecret } from './modules/auth/tokens.js';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
const seeded = await seedOnFirstStart(db, config);

const app = await buildApp({
  config,
  db,
  jwtSecret: loadJwtSecret(config.JWT_SECRET, config.DATA_DIR),
  logger: { level: config.LOG_LEVEL },
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing in-flight requests');
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}

await app.listen({ host: config.HOST, port: config.PORT });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nAcompanha is running at ${url}${seeded ? ' (demo data seeded)' : ''}`);
if (demoDataAllowed(config)) console.log(`Demo login: ana@demo.fit / ${DEMO_PASSWORD}\n`);
