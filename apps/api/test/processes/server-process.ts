import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, the port the server chose. */
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended, with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends the signal (SIGTERM unless told) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A folder of its own under the system's temporary folder, removed by the caller when done. */
export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `acompanha-${prefix}-`));

/**
 * Starts the real server (src/server.ts, through tsx) as its own process on a port of its choosing,
 * and resolves once it listens. Only what `env` gives is configured beyond a quiet, API-only server;
 * without DATABASE_URL it runs on SQLite in a fresh DATA_DIR with the demo data. `preload` lists
 * modules node imports before the server (paths from apps/api).
 */
export async function startServer(
  env: Record<string, string> = {},
  // Just inside the hooks' 60 s: a start has taken 32 s on two cores shared by a dozen busy processes.
  { timeoutMs = 55_000, preload = [] as string[] } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: tempDir('data'),
      WEB_DIST: tempDir('no-web'),
      SCRYPT_COST: '12',
      // Every test client connects from 127.0.0.1: it may hold as many connections as the instance.
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`server did not start within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output}`));
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)(?:\s|$)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code, signal }) => fail(new Error(`server exited (${code ?? signal}) before listening`)));
  });
  return {
    url,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
