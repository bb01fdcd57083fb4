// The one way the production server is run, shared by `npm start` and `npm run bench:api`.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The command, arguments and extra environment of the production server process. */
export function serverCommand() {
  return {
    command: process.execPath,
    // V8 sizes its heap from the machine's memory and collects lazily below that size; this server
    // lives on about 30 MB of heap, so a 128 MB ceiling keeps its footprint small at no cost in speed.
    args: ['--max-old-space-size=128', path.join(root, 'apps/api/dist/server.js')],
    env: {
      // glibc raises its mmap threshold after a large block is freed, so later large blocks stay in
      // a malloc arena for good; a fixed threshold hands them back to the system. scrypt's 128 MiB
      // buffers are past any threshold and always go back. Measured: 104 MB -> 95 MB after sign-ins.
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
  };
}
