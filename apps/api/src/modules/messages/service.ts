import { randomUUID } from 'node:crypto';
import type { ClientMessageRequest, MessageAuthor, MessagePage, MessagePageQuery, TeamMessageRequest } from '@acompanha/contract';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { FanOut } from '../../live/fan-out.js';
import type { PushNotifier } from '../push/notifier.js';
import { badField, clientNotFound, fieldConflict } from '../../errors.js';
import type { ConversationEvent } from '../../live/conversation-event.js';
import { assignPhotosToClient, photosForMessage } from '../media/service.js';
import { appendEvent, eventsAfter, findMessage, insertMessage, isClient, markRead, pageConversation } from './repository.js';

/**
 * The chat's rules (DECISIONS.md §5). A client has one conversation, with the team; the client
 * reads the team's messages and the team the client's, each side marking the other's read.
 */


/** What the chat's writes need: the database, the fan-out that carries each change to the live streams, and the push of a team reply to the client's devices. */
export interface Chat {
  db: Db;
  live: Pick<FanOut<ConversationEvent>, 'publish'>;
  push?: Pick<PushNotifier, 'teamMessage'>;
}

/**
 * Stores a new message with its event, in one transaction: false when its id was taken. Then
 * tells the streams. A photo that another message took meanwhile (two messages sent at once with
 * the same photo) is refused as a photo already on a message is.
 */
async function storeMessage({ db, live }: Chat, message: Parameters<typeof insertMessage>[1]) {
  const cursor = await db
    .transaction()
    .execute(async (trx) => {
      if (!(await insertMessage(trx, message))) return undefined;
      await assignPhotosToClient(trx, message.midias ?? [], message.clientId);
      return appendEvent(trx, { clientId: message.clientId, tipo: 'mensagem', messageId: message.id });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badField('midias', 'uma das fotos já está em outra mensagem.');
      throw error;
    });
  if (cursor !== undefined) await live.publish({ clientId: message.clientId, cursor });
  return cursor !== undefined;
}

/** Marks read the messages `author` wrote in a client's conversation and, if there were any, tells the streams who read them. */
async function read({ db, live }: Chat, clientId: number, author: MessageAuthor, now: Date) {
  const leitor = author === 'EQUIPE' ? 'CLIENTE' : 'EQUIPE';
  const cursor = await db.transaction().execute(async (trx) => {
    if ((await markRead(trx, clientId, author, now)) === 0) return undefined;
    return appendEvent(trx, { clientId, tipo: 'leitura', leitor, lidaEm: now });
  });
  if (cursor !== undefined) await live.publish({ clientId, cursor });
}

async function conversation(db: Db, clientId: number, query: MessagePageQuery, unreadAuthor: MessageAuthor): Promise<MessagePage> {
  const page = await pageConversation(db, clientId, query, unreadAuthor);
  if (!page) throw clientNotFound();
  return page;
}

/** The client's own conversation; `nao_lidas` counts the team's messages they have not read. */
export const clientConversation = (db: Db, clientId: number, query: MessagePageQuery) => conversation(db, clientId, query, 'EQUIPE');

/**
 * Stores a message under the id its sender's device made. The same id again from the same author
 * in the same conversation (a retry after a lost answer, a queue replayed, two copies at once)
 * answers the stored message, whatever its text, and stores nothing; an id any other message
 * holds is a conflict.
 */
async function send(chat: Chat, message: Parameters<typeof insertMessage>[1]) {
  await photosForMessage(chat.db, message.authorId, message.midias ?? [], message.id);
  const created = await storeMessage(chat, message);
  const stored = await findMessage(chat.db, message.id);
  if (!stored || stored.clientId !== message.clientId || stored.authorId !== message.authorId) {
    throw fieldConflict('id', 'já existe outra mensagem com este id.');
  }
  return { created, message: stored.message };
}

/** A client's message in their own conversation. */
export const sendClientMessage = (chat: Chat, clientId: number, { id, texto, midias }: ClientMessageRequest, now = new Date()) =>
  send(chat, { id, clientId, authorId: clientId, autor: 'CLIENTE', texto, midias, enviadaEm: now });

/** The client has read every team message of their conversation. */
export const readByClient = (chat: Chat, clientId: number, now = new Date()) => read(chat, clientId, 'EQUIPE', now);

/** A client's conversation as the team sees it; `nao_lidas` counts the client's messages nobody on the team has read. */
export const teamConversation = (db: Db, clientId: number, query: MessagePageQuery) => conversation(db, clientId, query, 'CLIENTE');

/** A team member's reply in a client's conversation, signed with their name and role; the server makes its id when the console did not. */
export async function sendTeamMessage(chat: Chat, clientId: number, staffId: number, { id = randomUUID(), texto, midias }: TeamMessageRequest, now = new Date()) {
  if (!(await isClient(chat.db, clientId))) throw clientNotFound();
  const sent = await send(chat, { id, clientId, authorId: staffId, autor: 'EQUIPE', texto, midias, enviadaEm: now });
  if (sent.created) await chat.push?.teamMessage(clientId, sent.message);
  return sent;
}

/** The team has read the client's messages: each unread one is marked with this first reading. */
export async function readByTeam(chat: Chat, clientId: number, now = new Date()) {
  if (!(await isClient(chat.db, clientId))) throw clientNotFound();
  await read(chat, clientId, 'CLIENTE', now);
}

/** The client's stream: their conversation's events after a cursor, the team's and their own. */
export const clientEventsAfter = (db: Db, clientId: number) => (cursor: number, limit: number) => eventsAfter(db, cursor, { clientId, limit });

/** The team's stream: every conversation's events after a cursor. */
export const teamEventsAfter = (db: Db) => (cursor: number, limit: number) => eventsAfter(db, cursor, { limit });
