import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED_BODY, runRetentionIfDue } from '../src/modules/retention/retention.js';
import { createClient, useTestApp, type TestContext } from './helper.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Well after every real run of this test's app, so each test's clock decides what is due. */
const NOW = new Date(Date.now() + 400 * DAY_MS);
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY_MS).toISOString();

async function addLink(ctx: TestContext, userId: number, { usedDaysAgo, expiredDaysAgo }: { usedDaysAgo?: number; expiredDaysAgo: number }) {
  const token_hash = randomUUID();
  await ctx.db
    .insertInto('link_tokens')
    .values({
      token_hash,
      user_id: userId,
      origin: 'FORGOT_PASSWORD',
      expires_at: daysBefore(expiredDaysAgo),
      used_at: usedDaysAgo === undefined ? null : daysBefore(usedDaysAgo),
      created_at: daysBefore(expiredDaysAgo + 1),
    })
    .execute();
  return token_hash;
}

async function addEmail(ctx: TestContext, { sentDaysAgo, createdDaysAgo }: { sentDaysAgo: number | null; createdDaysAgo: number }) {
  const { id } = await ctx.db
    .insertInto('outbox')
    .values({
      recipient: 'equipe@acompanha.app',
      subject: 'Acompanha: mensagem de Ana',
      body: 'Nome: Ana\n\nMinha lesão no joelho voltou.',
      created_at: daysBefore(createdDaysAgo),
      sent_at: sentDaysAgo === null ? null : daysBefore(sentDaysAgo),
      last_error: null,
      link: null,
      link_token_hash: null,
      next_attempt_at: null,
      reply_to: 'ana@teste.fit',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addRefreshFamily(
  ctx: TestContext,
  userId: number,
  family: { revokedDaysAgo?: number; endsInDays: number; spentDaysAgo?: number; onlySpentRevoked?: boolean },
) {
  const family_id = randomUUID();
  for (const spent of [true, false]) {
    // A rotation that raced with 'Sair' on PostgreSQL can leave one row of a revoked family unrevoked.
    const revoked = family.revokedDaysAgo !== undefined && (spent || !family.onlySpentRevoked);
    await ctx.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: randomUUID(),
        family_id,
        user_id: userId,
        expires_at: daysBefore(-family.endsInDays),
        family_expires_at: daysBefore(-family.endsInDays),
        spent_at: spent ? daysBefore(family.spentDaysAgo ?? 50) : null,
        revoked_at: revoked ? daysBefore(family.revokedDaysAgo!) : null,
      })
      .execute();
  }
  return family_id;
}

const nextRun = async (ctx: TestContext) =>
  (await ctx.db.selectFrom('scheduled_jobs').select('next_run_at').where('name', '=', 'retention').executeTakeFirstOrThrow()).next_run_at;

describe('retention: what has expired is deleted after 30 days', () => {
  const ctx = useTestApp();

  it('runs once at start, then is due again a day later', async () => {
    const due = Date.parse(await nextRun(ctx));
    expect(due).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it('deletes spent and expired links, erases relayed e-mails, deletes ended refresh families, and keeps the rest', async () => {
    const ana = await createClient(ctx.db, { evaluation: null });
    const oldUsed = await addLink(ctx, ana.id, { usedDaysAgo: 31, expiredDaysAgo: 30.5 });
    const oldExpired = await addLink(ctx, ana.id, { expiredDaysAgo: 31 });
    const recentUsed = await addLink(ctx, ana.id, { usedDaysAgo: 2, expiredDaysAgo: 1 });
    const live = await addLink(ctx, ana.id, { expiredDaysAgo: -1 });
    const oldSent = await addEmail(ctx, { sentDaysAgo: 31, createdDaysAgo: 31 });
    const recentSent = await addEmail(ctx, { sentDaysAgo: 29, createdDaysAgo: 29 });
    const neverSent = await addEmail(ctx, { sentDaysAgo: null, createdDaysAgo: 60 });
    const revoked = await addRefreshFamily(ctx, ana.id, { revokedDaysAgo: 31, endsInDays: 40 });
    // Its unrevoked row must go with the rest: left alone, it would make the family look open again.
    const revokedButOneRow = await addRefreshFamily(ctx, ana.id, { revokedDaysAgo: 31, endsInDays: 40, onlySpentRevoked: true });
    const ended = await addRefreshFamily(ctx, ana.id, { endsInDays: -31 });
    const recentlyRevoked = await addRefreshFamily(ctx, ana.id, { revokedDaysAgo: 29, endsInDays: 40 });
    const liveWithOldSpent = await addRefreshFamily(ctx, ana.id, { endsInDays: 40, spentDaysAgo: 60 });

    const result = await runRetentionIfDue(ctx.db, NOW);
    expect(result).toMatchObject({ links: expect.any(Number), emails: expect.any(Number), refreshTokens: expect.any(Number) });

    const links = (await ctx.db.selectFrom('link_tokens').select('token_hash').where('user_id', '=', ana.id).execute()).map((row) => row.token_hash);
    expect(links.sort()).toEqual([recentUsed, live].sort());
    expect(links).not.toContain(oldUsed);
    expect(links).not.toContain(oldExpired);

    const emails = await ctx.db.selectFrom('outbox').select(['id', 'body', 'reply_to', 'sent_at']).where('id', 'in', [oldSent, recentSent, neverSent]).execute();
    const byId = new Map(emails.map((row) => [row.id, row]));
    expect(byId.get(oldSent)).toMatchObject({ body: ERASED_BODY, reply_to: null, sent_at: daysBefore(31) });
    expect(byId.get(recentSent)?.body).toContain('joelho');
    expect(byId.get(neverSent)?.body).toContain('joelho');

    const families = new Set((await ctx.db.selectFrom('refresh_tokens').select('family_id').where('user_id', '=', ana.id).execute()).map((row) => row.family_id));
    expect(families.has(revoked)).toBe(false);
    expect(families.has(revokedButOneRow)).toBe(false);
    expect(families.has(ended)).toBe(false);
    expect(families.has(recentlyRevoked)).toBe(true);
    expect(families.has(liveWithOldSpent)).toBe(true);
  });

  it('runs once when several instances look at the same time, then not before the next day', async () => {
    const later = new Date(NOW.getTime() + 2 * DAY_MS);
    const runs = await Promise.all(Array.from({ length: 4 }, () => runRetentionIfDue(ctx.db, later)));
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(await runRetentionIfDue(ctx.db, new Date(later.getTime() + DAY_MS - 1000))).toBeNull();
    expect(await runRetentionIfDue(ctx.db, new Date(later.getTime() + DAY_MS))).not.toBeNull();
  });
});
