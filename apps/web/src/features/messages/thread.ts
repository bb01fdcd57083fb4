import type { ClientMessageRequest, Message } from '@acompanha/contract';
import type { MutationState } from '@tanstack/react-query';
import { format, isSameDay, isSameYear, parseISO, subDays } from 'date-fns';

/** Where one of the client's messages stands. */
export type MessageState = 'sending' | 'waiting' | 'sent' | 'read' | 'failed';

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  sending: 'Enviando…',
  // The words the load edit uses for a write kept until the connection returns.
  waiting: 'Aguardando conexão',
  sent: 'Enviada',
  read: 'Lida',
  failed: 'Não enviada',
};

const ROLE_LABELS: Record<NonNullable<Message['autor_papel']>, string> = {
  ROLE_PERSONAL: 'Personal',
  ROLE_NUTRICIONISTA: 'Nutricionista',
  ROLE_ADMIN: 'Administração',
};

/** 'Rafael Costa · Personal': who of the team wrote, and as what. */
export function authorLabel(message: Pick<Message, 'autor_nome' | 'autor_papel'>): string {
  return message.autor_papel ? `${message.autor_nome} · ${ROLE_LABELS[message.autor_papel]}` : message.autor_nome;
}

export interface ThreadEntry {
  id: string;
  autor: Message['autor'];
  /** Null on the client's own messages. */
  author: string | null;
  texto: string;
  enviada_em: string;
  /** Null on the team's messages. */
  state: MessageState | null;
}

export type SendState = MutationState<Message, Error, ClientMessageRequest, unknown>;

function stateOfSend(send: SendState): MessageState {
  if (send.status === 'error') return 'failed';
  if (send.status === 'success') return send.data?.lida_em ? 'read' : 'sent';
  return send.isPaused ? 'waiting' : 'sending';
}

/**
 * The thread as it shows, oldest first: what the server holds, then what the client wrote that it
 * does not hold yet (sending, waiting for a connection, or refused), in the order written.
 */
export function threadEntries(messages: Message[], sends: SendState[]): ThreadEntry[] {
  const held = new Set(messages.map(({ id }) => id));
  const entries: ThreadEntry[] = messages.map((message) => ({
    id: message.id,
    autor: message.autor,
    author: message.autor === 'EQUIPE' ? authorLabel(message) : null,
    texto: message.texto,
    enviada_em: message.enviada_em,
    state: message.autor === 'CLIENTE' ? (message.lida_em ? 'read' : 'sent') : null,
  }));
  const written = sends
    .filter((send) => send.variables && !held.has(send.variables.id))
    .sort((a, b) => a.submittedAt - b.submittedAt);
  const seen = new Set<string>();
  for (const send of written) {
    const { id, texto } = send.variables!;
    if (seen.has(id)) continue;
    seen.add(id);
    entries.push({
      id,
      autor: 'CLIENTE',
      author: null,
      texto: send.data?.texto ?? texto,
      enviada_em: send.data?.enviada_em ?? new Date(send.submittedAt || Date.now()).toISOString(),
      state: stateOfSend(send),
    });
  }
  return entries;
}

/** 'Hoje', 'Ontem', else the date ('20 de novembro', with the year when it is not this one). */
export function dayLabel(iso: string, today: Date = new Date()): string {
  const day = parseISO(iso);
  if (isSameDay(day, today)) return 'Hoje';
  if (isSameDay(day, subDays(today, 1))) return 'Ontem';
  return new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    ...(isSameYear(day, today) ? {} : { year: 'numeric' }),
  }).format(day);
}

export function timeLabel(iso: string): string {
  return format(parseISO(iso), 'HH:mm');
}

export interface ThreadDay {
  key: string;
  label: string;
  entries: ThreadEntry[];
}

/** The entries under their day's separator. */
export function groupByDay(entries: ThreadEntry[], today: Date = new Date()): ThreadDay[] {
  const days: ThreadDay[] = [];
  for (const entry of entries) {
    const key = format(parseISO(entry.enviada_em), 'yyyy-MM-dd');
    const last = days.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, label: dayLabel(entry.enviada_em, today), entries: [entry] });
  }
  return days;
}
