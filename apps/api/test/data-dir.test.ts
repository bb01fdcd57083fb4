import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { protectDataDir } from '../src/data-dir.js';
import { openConfiguredDatabase } from '../src/db/open.js';
import { loadJwtSecret } from '../src/modules/auth/tokens.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** A DATA_DIR path inside a fresh temporary folder, not created yet. */
function dataDirPath() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-data-dir-')), 'data');
}

/** What the embedded default leaves in DATA_DIR once it has run: the database with its WAL files and the secret. */
async function startOnce(dataDir: string) {
  const db = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
  loadJwtSecret(undefined, dataDir);
  return db;
}

const DATA_FILES = ['acompanha.db', 'acompanha.db-wal', 'acompanha.db-shm', 'jwt-secret'];

describe('DATA_DIR (the database, and password links in its outbox)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is created readable by the server’s user alone, whatever the umask', async () => {
    const dataDir = dataDirPath();
    const umask = process.umask(0o000);
    try {
      const db = await startOnce(dataDir);
      expect(modeOf(dataDir).toString(8)).toBe('700');
      for (const file of DATA_FILES) expect(`${file} ${modeOf(path.join(dataDir, file)).toString(8)}`).toBe(`${file} 600`);
      await db.destroy();
    } finally {
      process.umask(umask);
    }
  });

  it('is tightened at start when an earlier version left it open to other users', async () => {
    const dataDir = dataDirPath();
    await (await startOnce(dataDir)).destroy();
    fs.chmodSync(dataDir, 0o755);
    for (const file of DATA_FILES.filter((name) => fs.existsSync(path.join(dataDir, name)))) fs.chmodSync(path.join(dataDir, file), 0o644);

    const db = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
    expect(protectDataDir(dataDir)).toEqual([]);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const file of DATA_FILES) expect(`${file} ${modeOf(path.join(dataDir, file)).toString(8)}`).toBe(`${file} 600`);
    await db.destroy();
  });

  it('names what other users can still read when it cannot be tightened', async () => {
    const dataDir = dataDirPath();
    await (await startOnce(dataDir)).destroy();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'acompanha.db'), 0o644);
    // Another user's folder, or a read-only mount: chmod is refused.
    vi.spyOn(fs, 'chmodSync').mockImplementation(() => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    });

    const warnings = protectDataDir(dataDir);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`${dataDir} (mode 755)`);
    expect(warnings[1]).toContain(`${path.join(dataDir, 'acompanha.db')} (mode 644)`);
  });

  it('is left alone when it does not exist (PostgreSQL and a configured JWT_SECRET need none)', () => {
    const dataDir = dataDirPath();
    expect(protectDataDir(dataDir)).toEqual([]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
