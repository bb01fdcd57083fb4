import { createHash } from 'node:crypto';
import { MEDIA_ACCOUNT_BYTES_MAX, MEDIA_PIXELS_MAX, type Media, type MessageMedia } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField, DomainError, fieldConflict, notFound } from '../../errors.js';
import type { MediaStorage } from '../../storage/media-storage.js';
import { requirePhotoConsent } from '../privacy/service.js';
import { ImageRefused, imageTypeOf, reencode } from './images.js';
import type { ReceivedFile } from './received-file.js';
import { assignToClient, findMedia, insertMedia, ownedMedia, storedBytes, type MediaRow } from './repository.js';

/**
 * Photos (DECISIONS.md §6, decision 070): an account uploads one under the id its device made, the
 * server re-encodes it and keeps two copies in the media storage, and a message names it. Only its
 * sender reads it, and for a client's photo the team and that client.
 */

export interface MediaDeps {
  db: Db;
  storage: MediaStorage;
}

/** Who asks: the account, and whether it is the team's. */
export interface Reader {
  id: number;
  staff: boolean;
}

export type MediaVariant = 'exibicao' | 'miniatura';

/** Where a copy's bytes are: under the owner, so that another account's id can never name them. */
export const storageKey = (row: Pick<MediaRow, 'owner_id' | 'id'>, variant: MediaVariant) => `${row.owner_id}/${row.id}/${variant}.webp`;

const toMedia = (row: MediaRow): Media => ({ id: row.id, largura: row.largura, altura: row.altura, criada_em: row.criada_em });

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/**
 * Re-encodes at most this many uploads at once: each holds a decoded image (a 12-megapixel photo is
 * 36 MB of pixels), so that 20 uploads at once wait their turn instead of holding 20 of them.
 */
const REENCODES_AT_ONCE = 2;
let reencoding = 0;
const waitingToReencode: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (reencoding >= REENCODES_AT_ONCE) await new Promise<void>((resolve) => waitingToReencode.push(resolve));
  reencoding += 1;
  try {
    return await work();
  } finally {
    reencoding -= 1;
    waitingToReencode.shift()?.();
  }
}

function refusal(error: unknown): never {
  if (error instanceof ImageRefused) {
    throw badField('arquivo', error.reason === 'pixels' ? `a imagem tem mais de ${MEDIA_PIXELS_MAX / 1_000_000} megapixels.` : 'a imagem não pôde ser lida.');
  }
  throw error;
}

/** The same id again from the same account is the same photo; from another, a conflict. */
function alreadyStored(row: MediaRow, uploader: Reader) {
  if (row.owner_id !== uploader.id) throw fieldConflict('id', 'já existe outra foto com este id.');
  return { created: false, media: toMedia(row) };
}

/** Stores an upload: 201 the first time (`created`), the stored photo for the same id again. */
export async function uploadMedia({ db, storage }: MediaDeps, uploader: Reader, { id, file }: { id: string; file: Pick<ReceivedFile, 'path' | 'bytes' | 'head'> }, now = new Date()) {
  const existing = await findMedia(db, id);
  if (existing) return alreadyStored(existing, uploader);
  // The team's photos are not of a client's body; a client's need their consent first, or nothing is kept.
  if (!uploader.staff) await requirePhotoConsent(db, uploader.id);
  if (!imageTypeOf(file.head)) throw new DomainError(415, 'arquivo: envie uma foto JPEG, PNG ou WebP.', { field: 'arquivo' });
  if ((await storedBytes(db, uploader.id)) + file.bytes > MEDIA_ACCOUNT_BYTES_MAX) {
    throw new DomainError(409, `arquivo: suas fotos já ocupam o limite de ${MEDIA_ACCOUNT_BYTES_MAX / 1024 ** 3} GB.`, { field: 'arquivo', code: 'LimiteDeFotos' });
  }
  const image = await inTurn(() => reencode(file.path)).catch(refusal);
  const row: MediaRow = {
    id,
    owner_id: uploader.id,
    client_id: uploader.staff ? null : uploader.id,
    largura: image.largura,
    altura: image.altura,
    bytes: image.display.length,
    etag: etagOf(image.display),
    miniatura_bytes: image.thumbnail.length,
    miniatura_etag: etagOf(image.thumbnail),
    criada_em: now.toISOString(),
  };
  // The bytes first: a row is never without its copies. The same upload at once writes the same keys.
  await storage.put(storageKey(row, 'exibicao'), image.display, 'image/webp');
  await storage.put(storageKey(row, 'miniatura'), image.thumbnail, 'image/webp');
  if (await insertMedia(db, row)) return { created: true, media: toMedia(row) };
  const stored = await findMedia(db, id);
  if (!stored) throw new Error(`the photo ${id} was neither inserted nor found`);
  return alreadyStored(stored, uploader);
}

/** Whether `reader` may see the photo: its sender; for a client's photo, the team and that client. */
const mayRead = (row: MediaRow, reader: Reader) =>
  row.owner_id === reader.id || (row.client_id !== null && (reader.staff || row.client_id === reader.id));

/** A copy of a photo the reader may see: where its bytes are, their size and ETag. Anyone else: 404, as for a photo that does not exist. */
export async function readableCopy(db: Db, reader: Reader, id: string, variant: MediaVariant) {
  const row = await findMedia(db, id);
  if (!row || !mayRead(row, reader)) throw notFound('Foto não encontrada.');
  return variant === 'exibicao'
    ? { key: storageKey(row, variant), bytes: row.bytes, etag: row.etag }
    : { key: storageKey(row, variant), bytes: row.miniatura_bytes, etag: row.miniatura_etag };
}

/**
 * The photos a message will carry, in the order named: each must be the author's own, and on no
 * other message. A message sent again (the same id) finds its own photos on it.
 */
export async function photosForMessage(db: Db, authorId: number, ids: readonly string[], messageId: string): Promise<MessageMedia[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await ownedMedia(db, authorId, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw badField('midias', `a foto ${id} não foi enviada por você.`);
    if (row.message_id !== null && row.message_id !== messageId) throw badField('midias', `a foto ${id} já está em outra mensagem.`);
    return { id: row.id, largura: row.largura, altura: row.altura };
  });
}

/** Photos sent into a client's conversation become that client's data (the team's own included, for the client to read). */
export const assignPhotosToClient = (db: Db, ids: readonly string[], clientId: number) => (ids.length === 0 ? Promise.resolve() : assignToClient(db, ids, clientId));
