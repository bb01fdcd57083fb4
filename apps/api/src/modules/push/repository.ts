import type { PushPreferences, PushSubscriptionRequest } from '@acompanha/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PushPreferencesTable } from '../../db/schema.js';

/** The statements of push subscriptions and settings (the queue's are in queue.ts). */

/** Devices one account keeps at most; a new one beyond it replaces the oldest (a phone replaced, a browser reinstalled). */
export const SUBSCRIPTIONS_PER_ACCOUNT = 10;

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a device's subscription for this client: 'created' when the endpoint is new to them
 * (also when it was another client's: the device is now signed in as this one, and the pushes
 * queued for the other go with it), 'unchanged' when they had it already (its keys refreshed).
 */
export async function storeSubscription(db: Db, clientId: number, { endpoint, keys }: PushSubscriptionRequest, now: Date) {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('push_subscriptions').select(['id', 'client_id']).where('endpoint', '=', endpoint).executeTakeFirst();
    if (existing && existing.client_id !== clientId) await trx.deleteFrom('push_messages').where('subscription_id', '=', existing.id).execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ client_id: clientId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet((eb) => ({
          client_id: eb.ref('excluded.client_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
        })),
      )
      .execute();
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(SUBSCRIPTIONS_PER_ACCOUNT)
      .limit(1000)
      .execute();
    if (kept.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', kept.map((row) => row.id)).execute();
    return existing?.client_id === clientId ? ('unchanged' as const) : ('created' as const);
  });
}

/** Removes this client's subscription of that endpoint (none of another client's); how many went. */
export async function deleteSubscription(db: Db, clientId: number, endpoint: string) {
  const result = await db.deleteFrom('push_subscriptions').where('client_id', '=', clientId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A subscription the push service said is gone (404, 410), or whose endpoint broke the rules. */
export async function deleteSubscriptionById(db: Db, id: number) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** This client's subscription of that endpoint, if they have it. */
export function findOwnSubscription(db: Db, clientId: number, endpoint: string) {
  return db.selectFrom('push_subscriptions').select('id').where('client_id', '=', clientId).where('endpoint', '=', endpoint).executeTakeFirst();
}

export function subscriptionsByIds(db: Db, ids: number[]): Promise<StoredSubscription[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('id', 'in', ids).execute();
}

export type PreferencesRow = Selectable<PushPreferencesTable>;

export function findPreferences(db: Db, clientId: number): Promise<PreferencesRow | undefined> {
  return db.selectFrom('push_preferences').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** The contract's shape of stored settings. */
export const preferencesOf = (row: PreferencesRow): PushPreferences => ({
  mensagens: row.mensagens === 1,
  treino: { ativo: row.treino === 1, horario: row.treino_horario },
  agua: { ativo: row.agua === 1, a_cada_horas: row.agua_a_cada_horas, inicio: row.agua_inicio, fim: row.agua_fim },
  fuso_horario: row.fuso_horario,
});

/** Stores the client's settings and when their next reminder is due (null: none is on). */
export async function savePreferences(db: Db, clientId: number, preferences: PushPreferences, nextReminderAt: string | null, now: Date) {
  const row = {
    mensagens: preferences.mensagens ? 1 : 0,
    treino: preferences.treino.ativo ? 1 : 0,
    treino_horario: preferences.treino.horario,
    agua: preferences.agua.ativo ? 1 : 0,
    agua_a_cada_horas: preferences.agua.a_cada_horas,
    agua_inicio: preferences.agua.inicio,
    agua_fim: preferences.agua.fim,
    fuso_horario: preferences.fuso_horario,
    atualizado_em: now.toISOString(),
    proximo_lembrete_em: nextReminderAt,
    reservado_ate: null,
  };
  await db
    .insertInto('push_preferences')
    .values({ client_id: clientId, ...row })
    .onConflict((conflict) => conflict.column('client_id').doUpdateSet(row))
    .execute();
}

/** Whether the client wants team messages pushed: yes until they turn it off. */
export async function wantsTeamMessages(db: Db, clientId: number) {
  const row = await db.selectFrom('push_preferences').select('mensagens').where('client_id', '=', clientId).executeTakeFirst();
  return row === undefined || row.mensagens === 1;
}
