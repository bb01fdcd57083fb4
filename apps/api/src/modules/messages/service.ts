import { randomUUID } from 'node:crypto';
import type { ClientMessageRequest, Message, MessageAuthor, MessagePage, MessagePageQuery } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import { findMessage, insertMessage, isClient, markRead, pageConversation } from './repository.js';

/**
 * The chat's rules (DECISIONS.md §5). A client has one conversation, with the team; the client
 * reads the team's messages and the team the client's, each side marking the other's read.
 */

const clientNotFound = () => notFound('Cliente não encontrado.');

async function conversation(db: Db, clientId: number, query: MessagePageQuery, unreadAuthor: MessageAuthor): Promise<MessagePage> {
  const page = await pageConversation(db, clientId, query, unreadAuthor);
  if (!page) throw clientNotFound();
  return page;
}

/** The client's own conversation; `nao_lidas` counts the team's messages they have not read. */
export const clientConversation = (db: Db, clientId: number, query: MessagePageQuery) => conversation(db, clientId, query, 'EQUIPE');

/**
 * Stores a client's message under the id the phone made. The same id again from the same client
 * (a retry after a lost answer, a queue replayed, two copies at once) answers the stored message,
 * whatever its text, and stores nothing; an id any other message holds is a conflict.
 */
export async function sendClientMessage(db: Db, clientId: number, { id, texto }: ClientMessageRequest, now = new Date()) {
  const created = await insertMessage(db, { id, clientId, authorId: clientId, autor: 'CLIENTE', texto, enviadaEm: now });
  const stored = await findMessage(db, id);
  if (!stored || stored.clientId !== clientId || stored.message.autor !== 'CLIENTE') {
    throw new ApiError(409, 'id: já existe outra mensagem com este id.', undefined, 'id');
  }
  return { created, message: stored.message };
}

/** The client has read every team message of their conversation. */
export const readByClient = (db: Db, clientId: number, now = new Date()) => markRead(db, clientId, 'EQUIPE', now);

/** A client's conversation as the team sees it; `nao_lidas` counts the client's messages nobody on the team has read. */
export const teamConversation = (db: Db, clientId: number, query: MessagePageQuery) => conversation(db, clientId, query, 'CLIENTE');

/** A team member's reply in a client's conversation, signed with their name and role. */
export async function sendTeamMessage(db: Db, clientId: number, staffId: number, texto: string, now = new Date()): Promise<Message> {
  if (!(await isClient(db, clientId))) throw clientNotFound();
  const id = randomUUID();
  await insertMessage(db, { id, clientId, authorId: staffId, autor: 'EQUIPE', texto, enviadaEm: now });
  return (await findMessage(db, id))!.message;
}

/** The team has read the client's messages: each unread one is marked with this first reading. */
export async function readByTeam(db: Db, clientId: number, now = new Date()) {
  if (!(await isClient(db, clientId))) throw clientNotFound();
  await markRead(db, clientId, 'CLIENTE', now);
}
