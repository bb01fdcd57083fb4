import path from 'node:path';
import { createServer, type Plugin, type Rollup } from 'vite';
import { build } from 'esbuild';
import type { PRERENDERED_SCREENS, prerender, prerenderSignedInShell } from '../src/app/prerender';
import { SIGNED_IN_START_SCREENS } from '../src/app/start-screens';

interface PrerenderModule {
  prerender: typeof prerender;
  prerenderSignedInShell: typeof prerenderSignedInShell;
  PRERENDERED_SCREENS: typeof PRERENDERED_SCREENS;
}

/**
 * Writes `login.html` and the other public screens beside index.html: the shell with the screen's
 * markup in #root and its title, and a boot script that loads the app and the screen's chunks
 * together (nothing waits for the entry to run). The server and the service worker (Workbox's clean
 * URLs) answer `/login` with it.
 *
 * Then index.html, which answers every other route, gets the signed-in screens' shell in #root and
 * the start script (src/start.ts) in <head>: on a signed-in device the shell paints before any of the
 * app's JavaScript has arrived (index.css hides it otherwise), and the plan's first reads leave while
 * the bundle downloads.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let apiUrl: string | undefined;
  return {
    name: 'acompanha:prerender',
    // After Vite's HTML plugin has put index.html in the bundle.
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      apiUrl = config.env.VITE_API_URL as string | undefined;
    },
    async generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') return;
      const template = String(shell.source);

      // The app's modules, loaded the way Vite serves them in development, rendered in Node with an empty device.
      const vite = await createServer({ root, logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
      try {
        installEmptyDevice();
        const app = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
        const entryChunks = new Set(chunksOf(bundle, (chunk) => chunk.isEntry));
        for (const screen of app.PRERENDERED_SCREENS) {
          const markup = await app.prerender(screen.path);
          const screenModule = path.join(root, screen.module);
          const chunks = new Set([
            ...entryChunks,
            ...chunksOf(bundle, (chunk) => chunk.moduleIds.includes(screenModule)),
          ]);
          const boot = this.emitFile({ type: 'asset', name: `boot-${screen.path.slice(1)}.js`, source: bootScript([...chunks]) });
          this.emitFile({
            type: 'asset',
            fileName: `${screen.path.slice(1)}.html`,
            source: fillShell(template, markup, this.getFileName(boot)),
          });
        }
        // The signed-in start screens' chunks, less those index.html already preloads for the entry.
        const chunksOfModules = (modules: readonly string[]) => [
          ...new Set(modules.flatMap((module) => chunksOf(bundle, (chunk) => chunk.moduleIds.includes(path.join(root, module))))),
        ].filter((file) => !entryChunks.has(file));
        const { layout, screens } = SIGNED_IN_START_SCREENS;
        const layoutChunks = chunksOfModules(layout);
        const startChunks = {
          layout: layoutChunks,
          screens: screens.map(({ path: route, modules }) => [route.source, chunksOfModules(modules).filter((file) => !layoutChunks.includes(file))]),
        };
        const startScript = await bundleStartScript(path.join(root, 'src/start.ts'), apiUrl, startChunks);
        shell.source = template
          // The start script goes before the stylesheet (a script after one waits for it); with the stylesheet it
          // paints the shell, and the app's scripts come after both on a slow network (its own preloads are low too).
          .replace(ENTRY_SCRIPT, (_tag, entry: string) => `<script>${startScript}</script>\n    <script type="module" fetchpriority="low" crossorigin src="/${entry}"></script>`)
          .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
          .replace('<div id="root"></div>', `<div id="root">${app.prerenderSignedInShell()}</div>`);
      } finally {
        await vite.close();
      }
    },
  };
}

/** A chunk and every chunk it imports statically, as the browser will ask for them. */
function chunksOf(bundle: Rollup.OutputBundle, isWanted: (chunk: Rollup.OutputChunk) => boolean): string[] {
  const wanted = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && isWanted(chunk));
  if (wanted?.type !== 'chunk') throw new Error(`prerender: no such chunk (${isWanted.toString()})`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(wanted.fileName);
  return [...files];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The page's only script: once the screen has painted, it asks for the app and the screen's chunks
 * all at once. A slow phone shows the screen before it has downloaded any JavaScript.
 */
function bootScript(files: string[]): string {
  const imports = files.map((file) => `import(${JSON.stringify(`/${file}`)});`).join('');
  return `requestAnimationFrame(()=>setTimeout(()=>{${imports}}));\n`;
}

function fillShell(template: string, markup: string, boot: string): string {
  // React renders the screen's <title> first; it belongs in <head>, in place of the shell's.
  const title = /^<title>.*?<\/title>/.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;
  let html = template
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${boot}"></script>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (title) html = html.replace(/<title>.*?<\/title>/, title);
  if (!html.includes(body)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return html;
}

/** What the public screens may read while rendering: nothing stored, online. */
function installEmptyDevice() {
  (globalThis as { navigator?: unknown }).navigator ??= { onLine: true };
  const items = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/**
 * The start script as one small classic script, inline in index.html: it runs before the stylesheet's
 * first paint, so it must not wait for modules, nor for a request of its own (on slow 4G, a round trip
 * of more than half a second before the plan's first reads could leave). The server's
 * Content-Security-Policy allows it by its hash (apps/api's web-app.ts).
 */
async function bundleStartScript(entry: string, apiUrl: string | undefined, startChunks: unknown): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'error',
    // As Vite replaces it in the app's own modules (lib/api-base.ts).
    define: {
      'import.meta.env.VITE_API_URL': apiUrl === undefined ? 'undefined' : JSON.stringify(apiUrl),
      START_CHUNKS: JSON.stringify(startChunks),
    },
  });
  const code = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(code)) throw new Error('prerender: the start script would close the element it is inlined in');
  return code;
}
