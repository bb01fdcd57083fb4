import type { Db } from '../../db/database.js';
import { forgetDeadLinks } from '../auth/repository.js';
import { createWorker, type Worker, type WorkerLog } from '../../workers/worker.js';

/** What is kept after it stops being of use: long enough to answer a question about it, no longer. */
export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a relayed e-mail's body becomes once it is older than RETENTION_DAYS; the row stays as the record that it went. */
export const ERASED_BODY = `[erased ${RETENTION_DAYS} days after it was sent]`;

export interface PurgeResult {
  /** Password links used or expired before the cutoff. */
  links: number;
  /** Relayed e-mails whose body, link and reply-to address were erased. */
  emails: number;
  /** Refresh tokens of families revoked or ended before the cutoff. */
  refreshTokens: number;
}

/**
 * Deletes what can no longer be used and is older than RETENTION_DAYS: spent and expired password
 * links, the bodies of relayed e-mails, and refresh-token families that were revoked or ended
 * (a live family keeps its spent tokens: presenting one again is how a theft is noticed). Each
 * statement is safe to run again.
 */
export async function purgeExpired(db: Db, now: Date): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS).toISOString();
  // A link that can no longer be used leaves the outbox at once, whatever its age.
  await forgetDeadLinks(db, now);
  const links = await db
    .deleteFrom('link_tokens')
    .where((eb) => eb.or([eb('used_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
    .executeTakeFirst();
  const emails = await db
    .updateTable('outbox')
    .set({ body: ERASED_BODY, link: null, reply_to: null })
    .where('sent_at', '<', cutoff)
    .where('body', '!=', ERASED_BODY)
    .executeTakeFirst();
  // Whole families: one revoked row closes its family, so a row left unrevoked (a rotation that
  // raced with 'Sair') must not outlive it and make the family look open again.
  const refreshTokens = await db
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([
        eb('family_id', 'in', eb.selectFrom('refresh_tokens').select('family_id').where('revoked_at', '<', cutoff)),
        eb('family_expires_at', '<', cutoff),
      ]),
    )
    .executeTakeFirst();
  return {
    links: Number(links.numDeletedRows),
    emails: Number(emails.numUpdatedRows),
    refreshTokens: Number(refreshTokens.numDeletedRows),
  };
}

/** How long a claimed run belongs to its instance; one that died mid-run leaves it due again after this. */
const CLAIM_LEASE_MS = 60 * 60 * 1000;

/**
 * Runs the purge when its daily time has come, on one instance only: one conditional update moves
 * the time past a lease, and of instances racing for it only one changes the row (PostgreSQL makes
 * the others wait for that update and then find the time moved; SQLite writes one at a time). Once
 * done, the next run is a day away. Returns what was purged, or null when the run was not due here.
 */
export async function runRetentionIfDue(db: Db, now: Date): Promise<PurgeResult | null> {
  const claimed = await db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
    .where('name', '=', 'retention')
    .where('next_run_at', '<=', now.toISOString())
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const result = await purgeExpired(db, now);
  await db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: new Date(now.getTime() + DAY_MS).toISOString() })
    .where('name', '=', 'retention')
    .execute();
  return result;
}

/** Every instance looks each `pollMs` (an hour) whether the daily run is due; whichever claims it runs it. */
export function createRetention(db: Db, { log, now = () => new Date(), pollMs = 60 * 60 * 1000 }: { log: WorkerLog & { info(details: PurgeResult, message: string): void }; now?: () => Date; pollMs?: number }): Worker {
  return createWorker({
    name: 'retention',
    intervalMs: pollMs,
    pass: async () => {
      const result = await runRetentionIfDue(db, now());
      if (result) log.info(result, 'retention: expired links, sent e-mails and ended sessions purged');
    },
    log,
    // An outage: the claim's lease ends and the run is due again.
    failure: 'retention run failed',
  });
}
