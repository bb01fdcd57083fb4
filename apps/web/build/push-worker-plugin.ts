import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The file Workbox's generated worker loads with importScripts (vite.config.ts). */
export const PUSH_WORKER_FILE = 'push-worker.js';

/**
 * Builds the service worker's push handlers (src/service-worker/push-worker.ts) into one classic
 * script beside sw.js: importScripts cannot load a module, and a chunk of the app's build could
 * import shared chunks. It is an asset of the app's build, so Workbox precaches it with the rest.
 */
export function pushWorkerPlugin(): Plugin {
  let root = '';
  return {
    name: 'acompanha:push-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const output = (await build({
        configFile: false,
        root,
        logLevel: 'error',
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          lib: { entry: path.join(root, 'src/service-worker/push-worker.ts'), formats: ['iife'], name: 'acompanhaPush', fileName: () => PUSH_WORKER_FILE },
        },
      })) as Rollup.RollupOutput[];
      const chunk = output[0]?.output.find((file) => file.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('push-worker: nothing was built');
      this.emitFile({ type: 'asset', fileName: PUSH_WORKER_FILE, source: chunk.code });
    },
  };
}
