import type { Db } from '../../db/database.js';
import { preparedQuery, type Param } from '../../db/prepared.js';
import type { MediaTable } from '../../db/schema.js';

export type MediaRow = MediaTable;

// Every thumbnail a thread shows reads it: prepared.
const mediaById = preparedQuery((db, param: Param<{ id: string }>) => db.selectFrom('media').selectAll().where('id', '=', param('id')));

export const findMedia = async (db: Db, id: string): Promise<MediaRow | undefined> => (await mediaById(db, { id })).rows[0];

/** Stores a photo's row unless its id is taken: false then (the same upload at once, or another account's id). */
export async function insertMedia(db: Db, row: MediaRow) {
  const inserted = await db
    .insertInto('media')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many bytes an account's photos take in the storage. */
export async function storedBytes(db: Db, ownerId: number) {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>(eb('bytes', '+', eb.ref('miniatura_bytes'))), eb.lit(0)).as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** These photos of `ownerId`'s, with the message each is on, if any. */
export function ownedMedia(db: Db, ownerId: number, ids: readonly string[]) {
  return db
    .selectFrom('media')
    .leftJoin('message_media', 'message_media.media_id', 'media.id')
    .select(['media.id', 'media.largura', 'media.altura', 'message_media.message_id'])
    .where('media.owner_id', '=', ownerId)
    .where('media.id', 'in', ids)
    .execute();
}

/** A team member's photos sent into a client's conversation become that client's data, which the client may then read. */
export async function assignToClient(db: Db, ids: readonly string[], clientId: number) {
  await db.updateTable('media').set({ client_id: clientId }).where('id', 'in', ids).where('client_id', 'is', null).execute();
}
