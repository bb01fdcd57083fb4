// The one way the production server is run, shared by `npm start` and `npm run bench:api`.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * V8 sizes its heap from the machine's memory and collects lazily below that size; this server
 * lives on about 30 MB of heap, so a 128 MB ceiling keeps its footprint small at no cost in speed.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=128'];

export const serverCommand = () => [process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')]];
