import { z } from 'zod/mini';
import type { Role } from './auth.js';
import { messageMediaIdsSchema, messageMediaSchema } from './media.js';
import { PAGE_SIZE } from './pages.js';

/**
 * The chat with the team (DECISIONS.md §5): a client has one conversation, with the team; every
 * staff member reads and answers it, and each message says who wrote it.
 */

/** The longest message, counted after trimming, in JavaScript string length as the composer counts it. */
export const MESSAGE_TEXT_MAX = 2000;

export const messageAuthorSchema = z.enum(['CLIENTE', 'EQUIPE']);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

/**
 * The role a team message shows beside its author's name, in order of precedence: a member with
 * several roles signs as the professional they are to the client before as the administrator.
 */
/** How a team member is named when their account has no name on record (one made before names). */
export const UNNAMED_STAFF = 'Equipe';

export const MESSAGE_AUTHOR_ROLES = ['ROLE_PERSONAL', 'ROLE_NUTRICIONISTA', 'ROLE_ADMIN'] as const satisfies readonly Role[];
export const messageAuthorRoleSchema = z.enum(MESSAGE_AUTHOR_ROLES);

export const messageSchema = z.object({
  id: z.string(),
  autor: messageAuthorSchema,
  autor_nome: z.string(),
  /** The team member's role; null on the client's own messages. */
  autor_papel: z.nullable(messageAuthorRoleSchema),
  /** Empty when the message is its photos alone. */
  texto: z.string(),
  /** Its photos (DECISIONS.md §6), in the order sent; [] when there are none. */
  midias: z.array(messageMediaSchema),
  enviada_em: z.string(),
  /** When the other side first read it. */
  lida_em: z.nullable(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

const AUTHOR_ROLE_LABELS: Record<(typeof MESSAGE_AUTHOR_ROLES)[number], string> = {
  ROLE_PERSONAL: 'Personal',
  ROLE_NUTRICIONISTA: 'Nutricionista',
  ROLE_ADMIN: 'Administração',
};

/** 'Rafael Costa · Personal': who of the team wrote, and as what; a client's name alone. Both apps' threads sign messages so. */
export function messageAuthorLabel(message: Pick<Message, 'autor_nome' | 'autor_papel'>): string {
  return message.autor_papel ? `${message.autor_nome} · ${AUTHOR_ROLE_LABELS[message.autor_papel]}` : message.autor_nome;
}

/**
 * The live stream (`GET /api/v1/mensagens/eventos`, `text/event-stream`): `event: mensagem` carries a
 * new message of the conversation, from either side, as `messageSchema`; `event: leitura` says that
 * one side read the other's messages, and when (every message of the other side sent before it is
 * read). Each event's `id` is a cursor that `Last-Event-ID` resumes after.
 */
export const readingEventSchema = z.object({
  /** The side that read: `EQUIPE` marks the client's messages read, `CLIENTE` the team's. */
  leitor: messageAuthorSchema,
  lida_em: z.string(),
});
export type ReadingEvent = z.infer<typeof readingEventSchema>;

/** A stream's request headers: `Last-Event-ID`, the `id` of the last event received, resumes right after it. */
export const eventStreamHeadersSchema = z.looseObject({
  'last-event-id': z.optional(
    z.pipe(z.string().check(z.regex(/^\d{1,15}$/, 'deve ser o id de um evento recebido.')), z.transform(Number)),
  ),
});

/** The team's stream (`GET /api/v1/equipe/eventos`) covers every conversation: each event names its client. */
export const teamMessageEventSchema = z.extend(messageSchema, { cliente_id: z.number().check(z.int()) });
export type TeamMessageEvent = z.infer<typeof teamMessageEventSchema>;
export const teamReadingEventSchema = z.extend(readingEventSchema, { cliente_id: z.number().check(z.int()) });
export type TeamReadingEvent = z.infer<typeof teamReadingEventSchema>;

/** A page of a conversation, newest first, and how many messages the reader has not read. */
export const messagePageSchema = z.object({
  results: z.array(messageSchema),
  nao_lidas: z.number().check(z.int()),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `antes` pages back: the messages sent before that one. */
export const messagePageQuerySchema = z.object({
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE),
  antes: z.optional(z.uuid().check(z.toLowerCase())),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

const messageTextSchema = z._default(
  z.string().check(z.trim(), z.maxLength(MESSAGE_TEXT_MAX, `no máximo ${MESSAGE_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`)),
  '',
);

/** A message says something: a text, or photos (then the text may be empty). */
const saysSomething = z.refine<{ texto: string; midias: string[] }>((message) => message.texto.length > 0 || message.midias.length > 0, {
  message: 'escreva a mensagem.',
  path: ['texto'],
});

// One id, whatever case the device wrote it in.
const messageIdSchema = z.uuid().check(z.toLowerCase());

/**
 * A client's message, with the id the phone made, so that sending it again (a retry, a queue
 * replayed after a reload) is the same message. `midias` names photos the client uploaded first
 * (`POST /api/v1/midias`). Unknown fields are refused, naming them.
 */
export const clientMessageRequestSchema = z
  .strictObject({ id: messageIdSchema, texto: messageTextSchema, midias: z._default(messageMediaIdsSchema, []) })
  .check(saysSomething);
export type ClientMessageRequest = z.infer<typeof clientMessageRequestSchema>;

/**
 * A team member's reply. DECISIONS.md §5 gives it `{ texto }` and the server makes its id; the
 * console sends its own id too, so that a retry is the same message and the live stream's copy of
 * a reply is known for the one still on its way.
 */
export const teamMessageRequestSchema = z
  .strictObject({ id: z.optional(messageIdSchema), texto: messageTextSchema, midias: z._default(messageMediaIdsSchema, []) })
  .check(saysSomething);
export type TeamMessageRequest = z.infer<typeof teamMessageRequestSchema>;
