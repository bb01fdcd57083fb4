import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { DATABASE_FILE, makeDataDir, PRIVATE_FILE_MODE } from '../data-dir.js';
import { migrateToLatest, openDatabase, type Db } from './database.js';

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openConfiguredDatabase(config: Config): Promise<Db> {
  if (config.DATABASE_URL) {
    // Migrations may build an index over a big table: they run unbounded, on a pool of their own.
    const migrating = openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
    try {
      await migrateToLatest(migrating);
    } finally {
      await migrating.destroy();
    }
    return openDatabase({ kind: 'postgres', url: config.DATABASE_URL }, { statementTimeoutMs: config.STATEMENT_TIMEOUT_MS });
  }
  const file = path.join(config.DATA_DIR, DATABASE_FILE);
  // SQLite would make the file 0644: it is made private before SQLite opens it.
  makeDataDir(config.DATA_DIR);
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  return db;
}
