// Builds the web app and runs the Playwright specs against the real server, on Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const webRoot = path.resolve(import.meta.dirname, '..');
const chromiumCandidates = [process.env.CHROMIUM_PATH, process.env.PLAYWRIGHT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const findChromium = () => chromiumCandidates.find((candidate) => candidate && fs.existsSync(candidate));

/** Debian's package, where this process may install packages (root and apt-get present). */
function installChromium() {
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) return;
  console.log('Chromium is missing; installing the Debian package…');
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

// Playwright's own browser download is not used: Debian's package gets security updates with the system.
let chromium = findChromium();
if (!chromium) {
  installChromium();
  chromium = findChromium();
}
if (!chromium) {
  console.error('Chromium was not found (CHROMIUM_PATH, /usr/bin/chromium): install it with `apt-get install -y chromium`.');
  process.exit(1);
}

// A fresh embedded database for every run, removed afterwards.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-e2e-'));
const env = {
  ...process.env,
  PLAYWRIGHT_CHROMIUM: chromium,
  E2E_DATA_DIR: dataDir,
  // Lets `node e2e/run.mjs` work outside npm scripts too.
  PATH: [path.join(webRoot, 'node_modules/.bin'), path.join(webRoot, '../../node_modules/.bin'), process.env.PATH].join(
    path.delimiter,
  ),
};

const consoleRoot = path.join(webRoot, '../console');

function run(command, args, cwd = webRoot) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status;
try {
  // E2E_WEB_DIST and E2E_CONSOLE_DIST build into separate folders, so that two runs side by side never share a bundle.
  const outDir = (folder) => (folder ? ['--outDir', folder, '--emptyOutDir'] : []);
  status = run('vite', ['build', ...outDir(process.env.E2E_WEB_DIST)]);
  if (status === 0) status = run('vite', ['build', ...outDir(process.env.E2E_CONSOLE_DIST)], consoleRoot);
  if (status === 0) status = run('playwright', ['test', ...process.argv.slice(2)]);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
