import path from 'node:path';
import type { Config } from '../config.js';
import { migrateToLatest, openDatabase, type Db } from './database.js';

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openConfiguredDatabase(config: Config): Promise<Db> {
  const db = config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'sqlite', file: path.join(config.DATA_DIR, 'acompanha.db') });
  await migrateToLatest(db);
  return db;
}
