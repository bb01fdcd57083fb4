import path from 'node:path';
import type { Rollup } from 'vite';
import { SIGNED_IN_START_SCREENS } from '../src/app/start-screens';

type ModuleInfoOf = Rollup.GetModuleInfo;

const REACT = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

const webRoot = path.resolve(import.meta.dirname, '..');
/** The lazy modules the signed-in start screens' routes load (the layout's, home's, a workout's, a diet's). */
const START_ROUTES = new Set(
  [...SIGNED_IN_START_SCREENS.layout, ...SIGNED_IN_START_SCREENS.screens.flatMap((screen) => screen.modules)].map((module) =>
    path.join(webRoot, module),
  ),
);
/** Screens a signed-out visitor opens: nothing of the signed-in screens may ride along with them. */
const PUBLIC_SCREENS = /\/src\/features\/(auth|errors)\//;
/** What may join 'signed-in': the app's own code, the UI package's, icons and date-fns' functions. */
const GROUPED = /\/(apps\/web\/src|packages\/ui\/src)\/|\/node_modules\/(lucide-react|date-fns)\//;
const ENTRY = '(entry)';

/**
 * Rollup's `manualChunks`: fewer, larger files on a screen's way in. On a phone's network each file
 * is a request, and a browser sends 6 at a time to one server over HTTP/1.1.
 */
export function chunkOf(id: string, moduleInfo: ModuleInfoOf): string | undefined {
  return ownChunk(id, moduleInfo) ?? (inSignedInChunk(id, moduleInfo) ? 'signed-in' : undefined);
}

function ownChunk(id: string, moduleInfo: ModuleInfoOf): string | undefined {
  const info = moduleInfo(id);
  // React and the router (with what they import) change far less often than the app: their own chunk stays
  // cached across releases. The bundler's own helpers (CommonJS interop, which React's build needs) go with it.
  const bundlerHelper = id.startsWith('\0') && !id.includes('/node_modules/');
  if (REACT.test(id) || bundlerHelper || (id.includes('/node_modules/') && info?.importers.some((importer) => REACT.test(importer)))) {
    return 'react';
  }
  // What every screen runs first, in one file rather than a dozen; index.html's own script stays the entry.
  const isEntryScript = !info || info.isEntry || info.importers.some((importer) => moduleInfo(importer)?.isEntry);
  if (!isEntryScript && lazyRoutesLoading(id, moduleInfo).has(ENTRY)) return 'core';
}

/**
 * Code shared by the signed-in start screens goes into one chunk, 'signed-in', loaded with them.
 *
 * Rollup gives each group of modules shared by a different set of lazy routes its own chunk. A cold
 * home asked for 35 files, 20 of them a few hundred bytes to 8 KB (icons, formatters, small cards).
 * On a phone's network each file is a request, and a browser sends 6 at a time to one server over
 * HTTP/1.1: on slow 4G the last of home's files arrived 4 s after the first. A module joins 'signed-in'
 * when only lazy routes load it, at least one of them a start screen's, none a signed-out screen's,
 * and all it imports is in 'react' or 'core' or may join too (so Radix's dialog stays out of home).
 * A start screen may so load a few KB it does not run, in exchange for a dozen fewer requests.
 */
function inSignedInChunk(id: string, moduleInfo: ModuleInfoOf): boolean {
  if (!GROUPED.test(id)) return false;
  const routes = lazyRoutesLoading(id, moduleInfo);
  return routes.size > 1 && [...routes].some((route) => START_ROUTES.has(route)) && mayJoin(id, moduleInfo, new Set());
}

/**
 * Rollup moves every static import of a module of 'signed-in' into 'signed-in' too, unless it has a chunk of
 * its own: each of them must be signed-in code as well, or the entry and the signed-out screens
 * would load 'signed-in' (or Radix's dialog would come along with home).
 */
function mayJoin(id: string, moduleInfo: ModuleInfoOf, seen: Set<string>): boolean {
  if (seen.has(id) || ownChunk(id, moduleInfo) !== undefined) return true;
  seen.add(id);
  if (!GROUPED.test(id)) return false;
  const routes = lazyRoutesLoading(id, moduleInfo);
  if (routes.has(ENTRY) || [...routes].some((route) => PUBLIC_SCREENS.test(route))) return false;
  return moduleInfo(id)?.importedIds.every((imported) => mayJoin(imported, moduleInfo, seen)) ?? true;
}

/** The lazy modules (or the entry) from which `id` is reached through static imports. */
function lazyRoutesLoading(id: string, moduleInfo: ModuleInfoOf): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = moduleInfo(current);
    if (!info) continue;
    if (info.isEntry) routes.add(ENTRY);
    if (info.dynamicImporters.length > 0) routes.add(current);
    stack.push(...info.importers);
  }
  return routes;
}
