// `npm run bench:start-profile`: what the main thread does before signed-in `/` paints (issue 27). A
// performance trace of ana's home, cold (nothing stored but her tokens) and on a repeat visit (service
// worker, HTTP cache and saved query cache warm), on slow 4G and a 4× slower CPU (DevTools' way), then a
// table per load: the main thread's time by activity up to the first paint and up to the largest paint,
// the long tasks' blocking time (each task's time past 50 ms, as TBT counts it) and the scripts that took
// longest. Asserts nothing; put its output beside a change that claims speed.
// `npm run bench:start-profile -- --path /workout/1` profiles another signed-in screen the same way.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import puppeteer, { type Page as Tab } from 'puppeteer-core';
import { buildApi, root, signInAna, startServer } from './server';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const { path: screen = '/' } = parseArgs({ options: { path: { type: 'string' } } }).values;
if (!screen.startsWith('/')) throw new Error(`--path takes a path of the app, such as /workout/1, not ${screen}`);
/** A task longer than this blocks input for the rest of its time (Lighthouse's TBT). */
const LONG_TASK_MS = 50;
/** Lighthouse's slow 4G as DevTools applies it: latency per request, throughput in bytes per second. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; documentLoaderURL?: string; frame?: string; isMainFrame?: boolean; candidateIndex?: number; nodeName?: string }; frame?: string; name?: string };
}

/** Trace events by what they are: time counted under each kind. */
const KINDS: Record<string, string> = {
  ParseHTML: 'parse HTML',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

console.log('Building the API and the web app…');
buildApi();
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
const app = await startServer();
const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
try {
  for (const repeat of [false, true]) {
    const context = await browser.createBrowserContext();
    try {
      const tab = await context.newPage();
      await tab.setViewport({ width: 390, height: 844, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const { tokens } = await signInAna(app);
      await tab.goto(`${app.base}/api/health`);
      await tab.evaluate(({ token, refresh_token }) => {
        localStorage.setItem('access-token', token);
        localStorage.setItem('refresh-token', refresh_token);
      }, tokens);
      if (repeat) {
        // Not network idle: the signed-in app holds the conversation's live stream open.
        await tab.goto(`${app.base}/`, { waitUntil: 'load' });
        await tab.evaluate('navigator.serviceWorker.ready');
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await tab.goto('about:blank');
      }
      report(repeat ? 'repeat visit' : 'cold', `${app.base}${screen}`, await traceLoad(tab, `${app.base}${screen}`));
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

async function traceLoad(tab: Tab, url: string): Promise<TraceEvent[]> {
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await tab.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'v8'] });
  await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const trace = JSON.parse(Buffer.from((await tab.tracing.stop())!).toString('utf8')) as { traceEvents: TraceEvent[] };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return trace.traceEvents;
}

/** What the main thread of the page's renderer did while `url` loaded, up to its first and largest paints. */
function report(name: string, url: string, events: TraceEvent[]) {
  // The page's renderer is the one that reported its largest paint: the browser may run others
  // (its own pages' renderers parse HTML and run script in the same trace).
  const lcpEvents = events.filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const lcpEvent = lcpEvents.at(-1)!;
  const ofPage = (e: TraceEvent) => e.pid === lcpEvent.pid;
  const start = events.find((e) => ofPage(e) && e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url)!.ts;
  const fcpEvent = events.find((e) => ofPage(e) && e.name === 'firstContentfulPaint');
  const fcp = fcpEvent ? fcpEvent.ts : NaN;
  const lcp = lcpEvent.ts;
  const main = events.filter((e) => e.pid === lcpEvent.pid && e.tid === lcpEvent.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= start);
  const tasks = main.filter((e) => e.name === 'RunTask');
  const selfTimes = selfTimesOf(main);

  const activity = (until: number) => {
    const totals = new Map<string, number>();
    const add = (key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);
    let busy = 0;
    let blocking = 0;
    for (const task of tasks) {
      if (task.ts >= until) continue;
      const end = Math.min(task.ts + task.dur!, until);
      busy += end - task.ts;
      blocking += Math.max(0, end - task.ts - LONG_TASK_MS * 1000);
    }
    // Self time (the event's own, without the events nested in it) per kind, clipped at `until`.
    for (const { event, self } of selfTimes) {
      const kind = KINDS[event.name];
      if (kind && event.ts < until) add(kind, Math.min(self, until - event.ts));
    }
    return { busy, blocking, totals };
  };
  const ms = (us: number) => Math.round(us / 1000);
  console.log(`\n${name} ${url.replace(/^https?:\/\/[^/]+/, '')}: FCP ${ms(fcp - start)} ms, LCP ${ms(lcp - start)} ms (${lcpEvent?.args?.data?.nodeName ?? '?'}), CPU ${CPU_SLOWDOWN}× slower, slow 4G`);
  const rows = [
    ['before the first paint', activity(fcp)],
    ['before the largest paint', activity(lcp)],
    ['in the trace (6 s past load)', activity(Infinity)],
  ] as const;
  console.table(
    rows.map(([label, { busy, blocking, totals }]) => ({
      'main thread': label,
      'busy ms': ms(busy),
      'blocking ms': ms(blocking),
      ...Object.fromEntries([...new Set(Object.values(KINDS))].map((kind) => [`${kind} ms`, ms(totals.get(kind) ?? 0)])),
    })),
  );
  // Which scripts ran before the largest paint, longest first.
  const scripts = new Map<string, number>();
  for (const e of main) {
    if ((e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall') && e.ts < lcp) {
      const url = e.args?.data?.url ?? '';
      // A module graph's evaluation names no file: it runs the top level of every chunk the entry imports.
      const file = url.replace(/^.*\/(assets\/)?/, '') || (e.name === 'v8.evaluateModule' ? '(modules evaluated)' : '(inline)');
      scripts.set(file, (scripts.get(file) ?? 0) + e.dur!);
    }
  }
  console.table([...scripts].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([file, us]) => ({ script: file, 'ms before LCP': ms(us) })));
}


/** Each event's self time: its duration less that of the events directly nested in it (same thread). */
function selfTimesOf(events: TraceEvent[]) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const result: { event: TraceEvent; self: number }[] = [];
  const stack: { event: TraceEvent; self: number }[] = [];
  for (const event of sorted) {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) stack.pop();
    const entry = { event, self: event.dur! };
    const parent = stack.at(-1);
    if (parent) parent.self -= event.dur!;
    stack.push(entry);
    result.push(entry);
  }
  return result;
}
