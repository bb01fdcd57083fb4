import { sql } from 'kysely';
import type { Db } from './database.js';

// PostgreSQL: connection exceptions (class 08), the server shutting down or starting (57P01–57P03),
// too many connections (53300). SQLite: a file locked past the busy timeout, read-only, unopenable,
// full or failing on disk.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '53300',
  'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_FULL', 'SQLITE_PERM',
]);
const UNAVAILABLE_CODE_PREFIXES = ['08', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_BUSY', 'SQLITE_LOCKED'];
// node-postgres reports a lost or refused connection in plain errors, without a code.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|connection error/i;

/** Whether an error means the database cannot be reached or written now (a 503), not a fault of this server. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CODE_PREFIXES.some((prefix) => code.startsWith(prefix)))) {
    return true;
  }
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** Whether PostgreSQL cancelled the statement (57014: past statement_timeout, or pg_cancel_backend). */
export const isStatementCancelled = (error: unknown) => error instanceof Error && (error as { code?: unknown }).code === '57014';

export interface AvailabilityLog {
  warn(details: { err?: unknown }, message: string): void;
  info(message: string): void;
}

export interface DatabaseAvailability {
  /** As of the last probe or failed query; read by /api/health, so a balancer stops sending here. */
  readonly available: boolean;
  /** A query failed because the database is unavailable: say so until a probe reaches it again. */
  reportUnavailable(error: unknown): void;
  stop(): void;
}

/**
 * Tracks whether the database answers, with a `select 1` every `intervalMs` (and the failures that
 * queries report), so that health is known without a query per health check. Recovery needs nothing
 * of it: the pool connects anew on the next query once the database is back.
 */
export function watchAvailability(db: Db, { log, intervalMs = 1000 }: { log: AvailabilityLog; intervalMs?: number }): DatabaseAvailability {
  let available = true;
  let probing = false;

  function set(now: boolean, error?: unknown) {
    if (now === available) return;
    available = now;
    if (now) log.info('database reachable again');
    else log.warn({ err: error }, 'database unreachable: answering 503 until it returns');
  }

  const timer = setInterval(async () => {
    if (probing) return;
    probing = true;
    try {
      await sql`select 1`.execute(db);
      set(true);
    } catch (error) {
      if (isDatabaseUnavailable(error)) set(false, error);
    } finally {
      probing = false;
    }
  }, intervalMs);
  timer.unref();

  return {
    get available() {
      return available;
    },
    reportUnavailable: (error) => set(false, error),
    stop: () => clearInterval(timer),
  };
}
