import { PRIVACY_VERSION, type ConsentKind } from '@acompanha/contract';
import type { Db } from '../../db/database.js';

/** When the client gave each consent to the current privacy notice (and has not withdrawn it). */
export async function currentConsents(db: Db, userId: number): Promise<Partial<Record<ConsentKind, string>>> {
  const rows = await db
    .selectFrom('consents')
    .select(['tipo', 'aceito_em'])
    .where('user_id', '=', userId)
    .where('versao', '=', PRIVACY_VERSION)
    .where('retirado_em', 'is', null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.tipo, row.aceito_em]));
}

/** Whether the client has the consent `tipo` to the current notice. */
export async function hasConsent(db: Db, userId: number, tipo: ConsentKind) {
  const row = await db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', userId)
    .where('tipo', '=', tipo)
    .where('versao', '=', PRIVACY_VERSION)
    .where('retirado_em', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a consent to `versao` at `now`. */
export async function insertConsent(db: Db, userId: number, tipo: ConsentKind, versao: string, now: Date) {
  await db.insertInto('consents').values({ user_id: userId, tipo, versao, aceito_em: now.toISOString(), retirado_em: null }).execute();
}
