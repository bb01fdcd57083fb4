import fs from 'node:fs';
import path from 'node:path';

/**
 * What DATA_DIR holds, the embedded default's private folder: the database, whose outbox keeps
 * working password links while no SMTP relay sends them, the signing secret and the push keys.
 * Only the server's user may read any of it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
export const DATABASE_FILE = 'acompanha.db';
export const JWT_SECRET_FILE = 'jwt-secret';
export const VAPID_FILE = 'vapid-keys.json';
/** SQLite gives its -wal and -shm files the database file's mode, so that one is made private before SQLite opens it. */
const DATA_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, JWT_SECRET_FILE, VAPID_FILE];

/** Makes DATA_DIR if it is missing, private; the modes asked for can only lose bits to the umask, never gain them. */
export function makeDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Writes a new file of DATA_DIR, private, unless one is there already (flag `wx`: EEXIST). */
export function writeDataFile(dataDir: string, name: string, content: string) {
  makeDataDir(dataDir);
  fs.writeFileSync(path.join(dataDir, name), content, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
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
