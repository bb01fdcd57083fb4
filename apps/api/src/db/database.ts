import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type Logger,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { noteRunning } from './statement-scope.js';
import * as initial from './migrations/001-initial.js';
import * as refreshFamilyLifetime from './migrations/002-refresh-family-lifetime.js';
import * as outboxLinks from './migrations/003-outbox-links.js';
import * as outboxDelivery from './migrations/004-outbox-delivery.js';
import * as workoutSessions from './migrations/005-workout-sessions.js';
import * as refreshFamilyRevocationIndex from './migrations/006-refresh-family-revocation-index.js';
import * as scheduledJobs from './migrations/007-scheduled-jobs.js';
import * as messages from './migrations/008-messages.js';
import * as conversationEvents from './migrations/009-conversation-events.js';
import * as messagesWaitingIndex from './migrations/010-messages-waiting-index.js';
import * as sessionSwaps from './migrations/011-session-swaps.js';
import * as planDraftsAndStaff from './migrations/012-plan-drafts-and-staff.js';
import * as pushAndWater from './migrations/013-push-and-water.js';
import * as evaluationNotesAndRegistrations from './migrations/014-evaluation-notes-and-registrations.js';
import * as publishedCopiesAndStaffChanges from './migrations/015-published-copies-and-staff-changes.js';
import * as activityLibrary from './migrations/016-activity-library.js';
import * as secondFactor from './migrations/017-second-factor.js';
import * as roster from './migrations/018-roster.js';
import * as mediaAndConsents from './migrations/019-media-and-consents.js';
import * as sessionFeedback from './migrations/020-session-feedback.js';
import * as checkins from './migrations/021-checkins.js';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string };

/** Where each PostgreSQL Db connects, for a connection of its own beside the pool (live events' LISTEN). */
const postgresTargets = new WeakMap<Db, Extract<DatabaseTarget, { kind: 'postgres' }>>();

/** The PostgreSQL database and schema `db` works in; undefined for SQLite. */
export const postgresTargetOf = (db: Db) => postgresTargets.get(db);

/**
 * Opens the embedded SQLite file (`:memory:` for tests) or a PostgreSQL pool; `log` hears every query
 * run. On PostgreSQL, `statementTimeoutMs` bounds each statement (0: unbounded, for migrations).
 */
export function openDatabase(target: DatabaseTarget, { log, statementTimeoutMs = 0 }: { log?: Logger; statementTimeoutMs?: number } = {}): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A database that does not answer (or a pool that stays full) is a 503 within 2 s, not a hang.
      connectionTimeoutMillis: 1500,
      // A statement past it is cancelled by the server itself, and its request answers 503 (decision 069).
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    // An idle connection the server closed (a restart, a failover): the pool drops it and connects
    // anew on the next query, which reports the outage if there is one. Unheard, it would end the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }), log });
    postgresTargets.set(db, target);
    return db;
  }
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
}

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
export const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));

/** For the few statements the two databases write differently (row locks). */
/** A write refused by a unique index or key, on either database: two requests raced to the same row. */
export const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The SQL of prepared queries (db/prepared.ts), each with the name PostgreSQL keeps it under. */
const statementNames = new Map<string, string>();

/**
 * Asks PostgreSQL to keep this statement prepared on each connection that runs it: parsed and
 * planned once per connection instead of on every call (a plan read took 300 µs instead of 700).
 * Only prepared queries are named, so the statements a connection keeps stay as few as they are.
 */
export function keepPrepared(sqlText: string) {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `acompanha_${statementNames.size + 1}`);
}

/** The pool as Kysely sees it, whose clients run the SQL that `keepPrepared` named as named statements. */
function withNamedStatements(pool: pg.Pool) {
  const named = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!named.has(client)) {
        const query = client.query.bind(client) as (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
        // Kysely calls query(sql, parameters).
        // Each statement is noted as running on this backend for the request that runs it, if any.
        const pid = () => (client as unknown as { processID?: number }).processID;
        client.query = ((text: string | pg.QueryConfig, values?: unknown[]) => {
          const name = typeof text === 'string' ? statementNames.get(text) : undefined;
          return noteRunning(pid(), name ? query({ name, text: text as string, values }) : query(text, values));
        }) as typeof client.query;
        named.add(client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query in
 * better-sqlite3; statements are reusable, so keep them by SQL text (the text is bounded by the code,
 * the cap only guards against a query built with a variable-length list).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

// Migrations are listed here, in order, so they ship inside the app and run the same everywhere.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-refresh-family-lifetime': refreshFamilyLifetime,
  '003-outbox-links': outboxLinks,
  '004-outbox-delivery': outboxDelivery,
  '005-workout-sessions': workoutSessions,
  '006-refresh-family-revocation-index': refreshFamilyRevocationIndex,
  '007-scheduled-jobs': scheduledJobs,
  '008-messages': messages,
  '009-conversation-events': conversationEvents,
  '010-messages-waiting-index': messagesWaitingIndex,
  '011-session-swaps': sessionSwaps,
  '012-plan-drafts-and-staff': planDraftsAndStaff,
  '013-push-and-water': pushAndWater,
  '014-evaluation-notes-and-registrations': evaluationNotesAndRegistrations,
  '015-published-copies-and-staff-changes': publishedCopiesAndStaffChanges,
  '016-activity-library': activityLibrary,
  '017-second-factor': secondFactor,
  '018-roster': roster,
  '019-media-and-consents': mediaAndConsents,
  '020-session-feedback': sessionFeedback,
  '021-checkins': checkins,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // In a schema of its own (the tests'), the migrator's tables are looked for there only: by default it
  // would take another schema's for its own.
  const schema = postgresTargetOf(db)?.schema;
  const { error, results } = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
