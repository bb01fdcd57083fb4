// index.html's start script, run in its <head> before the app's bundle arrives (build/prerender-plugin.ts).
import { start } from './lib/early-home-read';

/**
 * The chunks the signed-in layout and each start screen load first, beyond the entry's own
 * (app/start-screens.ts), written in by the build.
 */
declare const START_CHUNKS: { layout: string[]; screens: [path: string, files: string[]][] };

// On a signed-in device, the screen's chunks download beside the entry instead of after it has run.
if (start()) {
  const screen = START_CHUNKS.screens.find(([path]) => new RegExp(path).test(location.pathname));
  for (const file of [...START_CHUNKS.layout, ...(screen?.[1] ?? [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = `/${file}`;
    document.head.append(link);
  }
}
