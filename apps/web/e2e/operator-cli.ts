import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Runs an operator command (`npm run outbox`, `npm run admin -- …`) on the e2e server's database. */
export function operatorCli(script: string, ...args: string[]): string {
  const result = spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stderr}`);
  return result.stdout;
}
