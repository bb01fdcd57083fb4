import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { VAPID_FILE } from '../modules/push/vapid.js';
import { migrateToLatest, openDatabase, type Db } from './database.js';

/**
 * DATA_DIR holds the database, whose outbox keeps working password links while no SMTP relay
 * sends them, and the signing secret: only the server's user may read any of it.
 */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
const DATABASE_FILE = 'acompanha.db';
/** SQLite gives its -wal and -shm files the database file's mode, so that one is made private before SQLite opens it. */
const DATA_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, 'jwt-secret', VAPID_FILE];

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openConfiguredDatabase(config: Config): Promise<Db> {
  if (config.DATABASE_URL) {
    const db = openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
    await migrateToLatest(db);
    return db;
  }
  const file = path.join(config.DATA_DIR, DATABASE_FILE);
  // The modes asked for here can only lose bits to the umask, never gain them; SQLite would make the file 0644.
  fs.mkdirSync(config.DATA_DIR, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  return db;
}

const modeOf = (stats: fs.Stats) => (stats.mode & 0o777).toString(8);

/**
 * Takes group and other users' access away from DATA_DIR and the server's files in it (an earlier
 * version, a copy or an operator may have left them open), and returns a warning for each that is
 * still open because this process may not change it. Nothing to do when DATA_DIR does not exist.
 */
export function protectDataDir(dataDir: string): string[] {
  const entries = [
    { file: dataDir, mode: PRIVATE_DIR_MODE },
    ...DATA_FILES.map((name) => ({ file: path.join(dataDir, name), mode: PRIVATE_FILE_MODE })),
  ];
  return entries.flatMap(({ file, mode }) => {
    const stats = fs.statSync(file, { throwIfNoEntry: false });
    if (!stats || (stats.mode & 0o077) === 0) return [];
    try {
      fs.chmodSync(file, mode);
      return [];
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      return [`${file} (mode ${modeOf(stats)}) is open to other users of this machine and could not be made private (${reason}): only the server's user should read it`];
    }
  });
}
