import './invocation-dir.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { outboxListing } from './outbox/listing.js';

// `npm run outbox | head` closes the pipe early: that ends the listing, it is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
const limit = Number(process.argv[2] ?? 20);
const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  for (const line of await outboxListing(db, limit, new Date())) console.log(line);
} finally {
  await db.destroy();
}
