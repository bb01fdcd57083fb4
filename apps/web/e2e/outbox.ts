import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The newest link e-mailed to `recipient`, read with `npm run outbox` from the e2e server's database. */
export function latestLinkFor(recipient: string): string {
  const result = spawnSync('npm', ['run', '--silent', 'outbox'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run outbox failed:\n${result.stderr}`);
  // Newest first: the first e-mail to the recipient is the latest.
  const email = result.stdout.split(/^-{72}$/m).find((block) => new RegExp(`^To:\\s+${recipient}$`, 'm').test(block));
  const link = email?.match(/^Link:\s+(\S+)$/m)?.[1];
  if (!link) throw new Error(`No e-mail with a link to ${recipient} in the outbox:\n${result.stdout}`);
  return link;
}
