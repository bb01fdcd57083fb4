import type { Selectable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.js';
import type { OutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

/** After the first relay fails: 1 min, 5 min, 30 min, then every hour until a day after the e-mail was written. */
const RETRY_DELAYS_MINUTES = [1, 5, 30];
const HOURLY = 60;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claimed e-mail belongs to the worker that claimed it. The SMTP transport's timeouts end
 * a relay well within it; a worker that died mid-relay leaves the e-mail due again when it ends.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

const minutes = (count: number) => count * 60 * 1000;

/** When to try again after the `attempts`-th relay failed at `now`; null once the day is over. */
export function retryAt(row: Pick<OutboxRow, 'created_at' | 'attempts'>, now: Date): string | null {
  const next = now.getTime() + minutes(RETRY_DELAYS_MINUTES[row.attempts - 1] ?? HOURLY);
  return next <= Date.parse(row.created_at) + GIVE_UP_AFTER_MS ? new Date(next).toISOString() : null;
}

/**
 * Takes up to `limit` due e-mails for this worker alone: one statement counts the attempt and moves
 * the next one past the lease, so no other worker takes them meanwhile. On PostgreSQL the rows are
 * locked as they are chosen and rows another worker is claiming are skipped; SQLite writes one
 * statement at a time.
 */
export function claimDueEmails(db: Db, now: Date, limit = 10): Promise<OutboxRow[]> {
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(limit);
  return db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
    }))
    .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

export async function markSent(db: Db, id: number, now: Date) {
  // Delivered: the link now lives in the recipient's mailbox, and no longer here.
  await db.updateTable('outbox').set({ sent_at: now.toISOString(), next_attempt_at: null, link: null }).where('id', '=', id).execute();
}

/** Records why a relay failed and when the next is due (null: given up). */
export async function markFailed(db: Db, id: number, error: string, nextAttemptAt: string | null) {
  await db.updateTable('outbox').set({ last_error: error, next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}

/** One line on where an e-mail stands, for `npm run outbox`. */
export function deliveryState(row: OutboxRow, now: Date): string {
  const tries = `${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`;
  if (row.sent_at) return `sent ${row.sent_at} (${tries})`;
  if (row.next_attempt_at === null) return row.attempts === 0 ? 'stored (no SMTP relay)' : `given up after ${tries}: ${row.last_error}`;
  const next = row.next_attempt_at <= now.toISOString() ? 'due now' : `next attempt ${row.next_attempt_at}`;
  return `not sent (${tries}), ${next}${row.last_error ? `; last error: ${row.last_error}` : ''}`;
}
