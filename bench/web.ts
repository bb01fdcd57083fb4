// `npm run bench:web`: Lighthouse (mobile, simulated throttling) on the built app served by the production server,
// against a bare React 19 page built with the same Vite and served by the same server (same compression and
// headers) in the same run. Three runs of each page, alternating; prints the medians and the ratios to the bare
// page. Asserts nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApi, root, signInAna, startServer, type BenchServer } from './server';

const RUNS = 3;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Page {
  name: string;
  server: () => BenchServer;
  path: string;
  signedIn: boolean;
}
interface Result {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
}

console.log('Building the API, the web app and the bare React page…');
buildApi();
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
const bareSource = await buildBareReactPage();
const bareDist = path.join(bareSource, 'dist');

const app = await startServer();
const bare = await startServer({ webDist: bareDist });
const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] }).catch(
  async (error: unknown) => {
    await Promise.all([app.stop(), bare.stop()]);
    throw error;
  },
);

try {
  const { workoutId } = await signInAna(app);
  const pages: Page[] = [
    { name: 'bare React page', server: () => bare, path: '/', signedIn: false },
    { name: '/login', server: () => app, path: '/login', signedIn: false },
    { name: '/ (ana)', server: () => app, path: '/', signedIn: true },
    { name: `/workout/${workoutId} (ana)`, server: () => app, path: `/workout/${workoutId}`, signedIn: true },
  ];

  const results = new Map<string, Result[]>(pages.map((page) => [page.name, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      process.stdout.write(`run ${run}/${RUNS}: ${page.name}\n`);
      results.get(page.name)!.push(await measureWithRetry(page));
    }
  }

  const medians = new Map([...results].map(([name, runs]) => [name, medianOf(runs)]));
  const reference = medians.get(pages[0]!.name)!;
  console.log(`\nWeb benchmark: Lighthouse 12.8, mobile, simulated throttling, median of ${RUNS} runs (${CHROME})\n`);
  console.table(
    [...medians].map(([name, m]) => ({
      page: name,
      score: m.score.toFixed(2),
      'LCP s': (m.lcp / 1000).toFixed(2),
      'FCP s': (m.fcp / 1000).toFixed(2),
      'TBT ms': Math.round(m.tbt),
      CLS: m.cls.toFixed(3),
      'JS KB': m.jsKb.toFixed(1),
      'LCP ×bare': (m.lcp / reference.lcp).toFixed(2),
      'JS ×bare': (m.jsKb / reference.jsKb).toFixed(2),
    })),
  );
  console.log('Targets: score 1.00 on /login, ≥ 0.98 signed in; /login LCP ≤ 1.0× and JS ≤ 1.6× the bare page; signed-in LCP ≤ 1.5×; CLS 0.');
} finally {
  await browser.close();
  await Promise.all([app.stop(), bare.stop()]);
  fs.rmSync(bareSource, { recursive: true, force: true });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: that run is taken again. */
async function measureWithRetry(page: Page, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(page);
    } catch (error) {
      if (attempt === attempts) throw error;
      console.log(`  retrying: ${(error as Error).message}`);
    }
  }
}

/** One Lighthouse run in a fresh browser context; a signed-in page gets a new session of ana's first. */
async function measure(page: Page): Promise<Result> {
  const server = page.server();
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    if (page.signedIn) {
      const { tokens } = await signInAna(server);
      // A page of the origin that is not the app, so no service worker or saved cache exists before the run.
      await tab.goto(`${server.base}/api/health`);
      await tab.evaluate(({ token, refresh_token }) => {
        localStorage.setItem('access-token', token);
        localStorage.setItem('refresh-token', refresh_token);
      }, tokens);
    }
    const runner = await lighthouse(
      server.base + page.path,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: page.signedIn },
      undefined,
      tab,
    );
    const lhr = runner!.lhr;
    if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
    const requests = (lhr.audits['network-requests']!.details as { items: { resourceType?: string; transferSize?: number }[] }).items;
    const number = (id: string) => lhr.audits[id]!.numericValue ?? NaN;
    return {
      score: lhr.categories.performance!.score ?? 0,
      lcp: number('largest-contentful-paint'),
      fcp: number('first-contentful-paint'),
      tbt: number('total-blocking-time'),
      cls: number('cumulative-layout-shift'),
      jsKb: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    };
  } finally {
    await context.close();
  }
}

function medianOf(runs: Result[]): Result {
  const median = (pick: (r: Result) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    score: median((r) => r.score),
    lcp: median((r) => r.lcp),
    fcp: median((r) => r.fcp),
    tbt: median((r) => r.tbt),
    cls: median((r) => r.cls),
    jsKb: median((r) => r.jsKb),
  };
}

/** A React 19 hello world built with the web app's Vite and React plugin; its folder sits inside the repository so it resolves the same packages. */
async function buildBareReactPage() {
  const source = fs.mkdtempSync(path.join(root, 'node_modules/.cache-bench-bare-'));
  fs.writeFileSync(
    path.join(source, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Bare React</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(source, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);\n",
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({ root: source, configFile: false, logLevel: 'error', plugins: [react()], build: { outDir: path.join(source, 'dist') } });
  return source;
}
