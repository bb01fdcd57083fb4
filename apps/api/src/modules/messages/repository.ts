import { MESSAGE_AUTHOR_ROLES, UNNAMED_STAFF, type Message, type MessageAuthor, type MessageMedia, type MessagePage, type MessagePageQuery } from '@acompanha/contract';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/database.js';
import { preparedQuery, type Param } from '../../db/prepared.js';
import type { ConversationEvent } from '../../live/conversation-event.js';
import { refreshRosterEntry } from '../roster/repository.js';

/** Messages with their author's name (the client's profile, or the staff account's) and roles. */
function messagesQuery(db: Db) {
  return db
    .selectFrom('messages')
    .innerJoin('users as author', 'author.id', 'messages.author_id')
    .leftJoin('clients as author_client', 'author_client.user_id', 'messages.author_id')
    .select([
      'messages.id',
      'messages.client_id',
      'messages.author_id',
      'messages.autor',
      'messages.texto',
      'messages.enviada_em',
      'messages.lida_em',
      'author.nome as staff_nome',
      'author.roles as author_roles',
      'author_client.nome as client_nome',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['executeTakeFirstOrThrow']>>;

function toMessage(row: MessageRow, midias: MessageMedia[]): Message {
  const roles = row.author_roles.split(',');
  const team = row.autor === 'EQUIPE';
  return {
    id: row.id,
    autor: row.autor,
    autor_nome: (team ? row.staff_nome : row.client_nome) ?? UNNAMED_STAFF,
    autor_papel: team ? (MESSAGE_AUTHOR_ROLES.find((role) => roles.includes(role)) ?? null) : null,
    texto: row.texto,
    midias,
    enviada_em: row.enviada_em,
    lida_em: row.lida_em,
  };
}

/** The photos of these messages, each message's in order, read by the messages' keys. */
async function photosOf(db: Db, messageIds: readonly string[]) {
  const photos = new Map<string, MessageMedia[]>();
  if (messageIds.length === 0) return photos;
  const rows = await db
    .selectFrom('message_media')
    .innerJoin('media', 'media.id', 'message_media.media_id')
    .select(['message_media.message_id', 'media.id', 'media.largura', 'media.altura'])
    .where('message_media.message_id', 'in', messageIds)
    .orderBy('message_media.message_id')
    .orderBy('message_media.posicao')
    .execute();
  for (const { message_id, ...photo } of rows) photos.set(message_id, [...(photos.get(message_id) ?? []), photo]);
  return photos;
}

/** The rows as messages, with their photos. */
async function toMessages(db: Db, rows: MessageRow[]) {
  const photos = await photosOf(db, rows.map((row) => row.id));
  return rows.map((row) => toMessage(row, photos.get(row.id) ?? []));
}

/** A stored message, whoever's conversation it is in, with that conversation's client and its author's account. */
export async function findMessage(db: Db, id: string) {
  const row = await messagesQuery(db).where('messages.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [message] = await toMessages(db, [row]);
  return { clientId: row.client_id, authorId: row.author_id, message: message! };
}

/** Whether this user id is a client's (a conversation the team may open). */
export async function isClient(db: Db, clientId: number) {
  const row = await db.selectFrom('clients').select('user_id').where('user_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a message unless one with its id exists: false then (the same message sent twice at
 * once, or an id already used), and the caller reads the stored one.
 */
export interface MessageInput {
  id: string;
  clientId: number;
  /** The client, or the team member who wrote it. */
  authorId: number;
  autor: MessageAuthor;
  texto: string;
  /** The ids of its photos, in order (checked by the media service: the author's own, on no other message). */
  midias?: readonly string[];
  enviadaEm: Date;
  lidaEm?: Date | null;
}

/**
 * Stores a message of a client's conversation, unless a message with its id exists: false then
 * (the same message sent twice, or an id already used).
 */
export async function insertMessage(db: Db, message: MessageInput) {
  const inserted = await db
    .insertInto('messages')
    .values({
      id: message.id,
      client_id: message.clientId,
      author_id: message.authorId,
      autor: message.autor,
      texto: message.texto,
      enviada_em: message.enviadaEm.toISOString(),
      lida_em: message.lidaEm?.toISOString() ?? null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  const stored = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (!stored) return false;
  const midias = message.midias ?? [];
  if (midias.length > 0) {
    await db
      .insertInto('message_media')
      .values(midias.map((mediaId, posicao) => ({ message_id: message.id, posicao, media_id: mediaId })))
      .execute();
  }
  await refreshRosterEntry(db, message.clientId);
  return true;
}

/** How many messages of `author` are unread in the client's conversation. */
const unreadCount = (db: Db, clientId: number, author: MessageAuthor) =>
  db
    .selectFrom('messages as unread')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('unread.client_id', '=', clientId)
    .where('unread.autor', '=', author)
    .where('unread.lida_em', 'is', null);

const pageQuery = (db: Db, clientId: number, unreadAuthor: MessageAuthor, size: number) =>
  messagesQuery(db)
    .select(unreadCount(db, clientId, unreadAuthor).as('nao_lidas'))
    .where('messages.client_id', '=', clientId)
    .orderBy('messages.enviada_em', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(size);

type PageParams = { clientId: number; unreadAuthor: MessageAuthor; size: number };

// Every opening of the chat reads the newest page, scrolling back the others: both are prepared.
const newestPage = preparedQuery((db, param: Param<PageParams>) => pageQuery(db, param('clientId'), param('unreadAuthor'), param('size')));
const pageBefore = preparedQuery((db, param: Param<PageParams & { antes: string }>) => {
  const cursorSentAt = db
    .selectFrom('messages as cursor')
    .select('cursor.enviada_em')
    .where('cursor.id', '=', param('antes'))
    .where('cursor.client_id', '=', param('clientId'));
  return pageQuery(db, param('clientId'), param('unreadAuthor'), param('size')).where((eb) =>
    eb(eb.refTuple('messages.enviada_em', 'messages.id'), '<', eb.tuple(cursorSentAt, param('antes'))),
  );
});

/**
 * A page of a client's conversation, newest first (the id breaks ties of one instant), and how
 * many messages of `unreadAuthor` are unread, in one statement when the page has messages. `antes`
 * pages back from a message of this conversation; any other id gives an empty page. Undefined when
 * `clientId` is not a client's.
 */
export async function pageConversation(db: Db, clientId: number, { size, antes }: MessagePageQuery, unreadAuthor: MessageAuthor): Promise<MessagePage | undefined> {
  const params = { clientId, unreadAuthor, size };
  const { rows } = antes ? await pageBefore(db, { ...params, antes }) : await newestPage(db, params);
  if (rows.length > 0) return { results: await toMessages(db, rows), nao_lidas: Number(rows[0]!.nao_lidas) };
  const empty = await db
    .selectFrom('clients')
    .select(unreadCount(db, clientId, unreadAuthor).as('nao_lidas'))
    .where('clients.user_id', '=', clientId)
    .executeTakeFirst();
  return empty && { results: [], nao_lidas: Number(empty.nao_lidas) };
}

/** Marks read, at `now`, every unread message of `author` in a client's conversation; how many there were. */
export async function markRead(db: Db, clientId: number, author: MessageAuthor, now: Date) {
  const result = await db
    .updateTable('messages')
    .set({ lida_em: now.toISOString() })
    .where('client_id', '=', clientId)
    .where('autor', '=', author)
    .where('lida_em', 'is', null)
    .executeTakeFirst();
  const read = Number(result.numUpdatedRows);
  if (read > 0 && author === 'CLIENTE') await refreshRosterEntry(db, clientId);
  return read;
}


type LogEntry = { clientId: number } & ({ tipo: 'mensagem'; messageId: string } | { tipo: 'leitura'; leitor: MessageAuthor; lidaEm: Date });

/**
 * Appends to the stream's log, inside the transaction that made the change, and returns its
 * cursor. Cursors must be committed in the order they are drawn, or a reader could see 12 before 11
 * commits and resume past it: PostgreSQL draws them under a lock held until commit (SQLite writes
 * one transaction at a time).
 */
export async function appendEvent(trx: Db, entry: LogEntry): Promise<number> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('acompanha.conversation_events'))`.execute(trx);
  const row = await trx
    .insertInto('conversation_events')
    .values({
      client_id: entry.clientId,
      tipo: entry.tipo,
      message_id: entry.tipo === 'mensagem' ? entry.messageId : null,
      leitor: entry.tipo === 'leitura' ? entry.leitor : null,
      lida_em: entry.tipo === 'leitura' ? entry.lidaEm.toISOString() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The log's last cursor; 0 when it is empty. */
export async function latestEventCursor(db: Db): Promise<number> {
  const row = await db.selectFrom('conversation_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Up to `limit` events after `cursor`, in order: one client's conversation's, or every one's. */
export async function eventsAfter(db: Db, cursor: number, { clientId, limit }: { clientId?: number; limit: number }): Promise<ConversationEvent[]> {
  let query = db.selectFrom('conversation_events').selectAll().where('id', '>', cursor).orderBy('id').limit(limit);
  if (clientId !== undefined) query = query.where('client_id', '=', clientId);
  const rows = await query.execute();
  const messageIds = rows.flatMap((row) => (row.message_id ? [row.message_id] : []));
  const messages = new Map(
    messageIds.length === 0 ? [] : (await toMessages(db, await messagesQuery(db).where('messages.id', 'in', messageIds).execute())).map((message) => [message.id, message]),
  );
  return rows.flatMap((row): ConversationEvent[] => {
    const event = { cursor: row.id, clientId: row.client_id };
    if (row.tipo === 'leitura') return [{ ...event, tipo: 'leitura', reading: { leitor: row.leitor!, lida_em: row.lida_em! } }];
    const message = messages.get(row.message_id!);
    return message ? [{ ...event, tipo: 'mensagem', message }] : [];
  });
}
