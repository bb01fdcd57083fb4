// `npm start`: builds the web app and the server bundle when missing or older than their sources,
// then runs the server, which migrates, seeds an empty embedded database and serves app + API.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverCommand } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Every app is built from the shared packages too.
const shared = ['packages/contract/src', 'packages/ui/src'].map((folder) => path.join(root, folder));
const parts = [
  { workspace: 'apps/api', output: 'dist/server.js', sources: ['src', 'build.mjs', 'package.json'] },
  { workspace: 'apps/web', output: 'dist/index.html', sources: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'] },
  { workspace: 'apps/console', output: 'dist/index.html', sources: ['src', 'index.html', 'vite.config.ts', 'package.json'] },
];

/** The newest modification time under `entry`, a file or a folder; 0 when it is missing. @param {string} entry @returns {number} */
function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

for (const { workspace, output, sources } of parts) {
  const built = path.join(root, workspace, output);
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...shared.map(newestChange), ...sources.map((entry) => newestChange(path.join(root, workspace, entry))));
  if (builtAt < changedAt) {
    console.log(`Building ${workspace}...`);
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  }
}

const { command, args, env } = serverCommand();
const server = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
// The server closes gracefully on these signals; pass them on and leave with its exit code.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
