import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../../scripts/free-port.js';
import { tempDir } from './server-process.js';

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), which Debian keeps off the PATH. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => path.join(root, version, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}


export interface PostgresCluster {
  url: string;
  start(): void;
  /** A fast shutdown, as in a failover or maintenance: sessions are ended, new connections refused. */
  stop(): void;
  destroy(): void;
}

/**
 * A throwaway PostgreSQL cluster of its own (initdb in a temporary folder, its own port), so that a
 * test may stop and start it without touching the machine's server. initdb refuses to run as root:
 * as root, its programs run as the `postgres` user.
 */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found under /usr/lib/postgresql');
  const dir = tempDir('pg');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
