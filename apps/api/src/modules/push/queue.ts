import type { PushPayload } from '@acompanha/contract';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import { inTransaction, isPostgres, type Db } from '../../db/database.js';
import type { Database, PushMessagesTable } from '../../db/schema.js';

/**
 * The queue of pushes to send, one row per device, claimed like the outbox (decision 020): one
 * statement counts the attempt and moves the next one past a lease, locking the rows it picks and
 * skipping those another instance is claiming (PostgreSQL; SQLite writes one statement at a time).
 * A push sent leaves the queue; one that fails for a while (429, 5xx, no answer) is tried again
 * later, until it is stale.
 */

export type QueuedPush = Selectable<PushMessagesTable>;

/** After the n-th failed attempt: 10 s, 1 min, 5 min, 15 min, then every 30 min until the push is stale. */
const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 15 * 60_000];
const LAST_RETRY_DELAY_MS = 30 * 60_000;
/** A push service that asks for more than this (Retry-After) is waited for this long. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/** How long a claimed push belongs to its instance: far more than a request's timeout. */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** When to try again after the `attempts`-th failure at `now` (at least `retryAfterMs`), or null once the push would be stale. */
export function retryAt(push: Pick<QueuedPush, 'attempts' | 'expires_at'>, now: Date, retryAfterMs: number | null = null): string | null {
  const backoff = RETRY_DELAYS_MS[push.attempts - 1] ?? LAST_RETRY_DELAY_MS;
  const next = now.getTime() + Math.max(backoff, Math.min(retryAfterMs ?? 0, RETRY_AFTER_MAX_MS));
  return next < Date.parse(push.expires_at) ? new Date(next).toISOString() : null;
}

/**
 * Queues `payload` for every device of the client, due at once; one still queued of the same kind
 * (topic) for a device is replaced, as the push service and the device would replace it anyway.
 * Returns how many devices it is queued for.
 */
export async function enqueuePush(db: Db, clientId: number, payload: PushPayload, { now, ttlMs }: { now: Date; ttlMs: number }): Promise<number> {
  const devices = db.selectFrom('push_subscriptions').select('id').where('client_id', '=', clientId);
  return enqueueFor(db, devices, payload, { now, ttlMs });
}

/** Queues `payload` for one device of the client (the settings' test), if it is theirs; whether it was. */
export async function enqueuePushToDevice(db: Db, clientId: number, endpoint: string, payload: PushPayload, options: { now: Date; ttlMs: number }) {
  const device = db.selectFrom('push_subscriptions').select('id').where('client_id', '=', clientId).where('endpoint', '=', endpoint);
  return (await enqueueFor(db, device, payload, options)) > 0;
}

async function enqueueFor(
  db: Db,
  devices: SelectQueryBuilder<Database, 'push_subscriptions', { id: number }>,
  payload: PushPayload,
  { now, ttlMs }: { now: Date; ttlMs: number },
): Promise<number> {
  const createdAt = now.toISOString();
  // Within the caller's transaction when there is one (a reminder is queued with its slot's log).
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('push_messages').where('topic', '=', payload.tag).where('subscription_id', 'in', devices).execute();
    const inserted = await trx
      .insertInto('push_messages')
      .columns(['subscription_id', 'payload', 'topic', 'created_at', 'expires_at', 'next_attempt_at'])
      .expression((eb) =>
        devices.select([
          eb.val(JSON.stringify(payload)).as('payload'),
          eb.val(payload.tag).as('topic'),
          eb.val(createdAt).as('created_at'),
          eb.val(new Date(now.getTime() + ttlMs).toISOString()).as('expires_at'),
          eb.val(createdAt).as('next_attempt_at'),
        ]),
      )
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  });
}

/** Takes up to `limit` due pushes for this instance alone (see the module's comment). */
export function claimDuePushes(db: Db, now: Date, limit = 20): Promise<QueuedPush[]> {
  const due = db.selectFrom('push_messages').select('id').where('next_attempt_at', '<=', now.toISOString()).orderBy('next_attempt_at').limit(limit);
  return db
    .updateTable('push_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() }))
    .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/** Delivered, or given up: it leaves the queue. */
export async function removePush(db: Db, id: number) {
  await db.deleteFrom('push_messages').where('id', '=', id).execute();
}

export async function reschedulePush(db: Db, id: number, error: string, nextAttemptAt: string) {
  await db.updateTable('push_messages').set({ last_error: error, next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}
