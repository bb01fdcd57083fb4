import { messageAuthorLabel, type Message, type MessageMedia } from '@acompanha/contract';
import type { Photo } from '@acompanha/ui/message-photos';
import { storedState, type MessageState, type ThreadEntry } from '@acompanha/ui/message-thread';
import type { MutationState } from '@tanstack/react-query';
import type { SendRequest } from './api/messages';

export type SendState = MutationState<Message, Error, SendRequest, unknown>;

const photosOf = (midias: MessageMedia[] = []): Photo[] => midias.map(({ id, largura, altura }) => ({ id, width: largura, height: altura }));

function stateOfSend(send: SendState): MessageState {
  if (send.status === 'error') return 'failed';
  if (send.status === 'success') return send.data ? storedState(send.data.lida_em) : 'sent';
  return send.isPaused ? 'waiting' : 'sending';
}

/**
 * The thread as the client sees it, oldest first: what the server holds, then what the client wrote
 * that it does not hold yet (sending, waiting for a connection, or refused), in the order written.
 */
export function threadEntries(messages: Message[], sends: SendState[]): ThreadEntry[] {
  const held = new Set(messages.map(({ id }) => id));
  const entries: ThreadEntry[] = messages.map((message) => {
    const own = message.autor === 'CLIENTE';
    return {
      id: message.id,
      own,
      author: own ? null : messageAuthorLabel(message),
      texto: message.texto,
      photos: photosOf(message.midias),
      enviada_em: message.enviada_em,
      state: own ? storedState(message.lida_em) : null,
    };
  });
  const written = sends
    .filter((send) => send.variables && !held.has(send.variables.id))
    .sort((a, b) => a.submittedAt - b.submittedAt);
  const seen = new Set<string>();
  for (const send of written) {
    const { id, texto, midias } = send.variables!;
    if (seen.has(id)) continue;
    seen.add(id);
    entries.push({
      id,
      own: true,
      author: null,
      texto: send.data?.texto ?? texto,
      photos: photosOf(send.data?.midias ?? midias),
      enviada_em: send.data?.enviada_em ?? new Date(send.submittedAt || Date.now()).toISOString(),
      state: stateOfSend(send),
    });
  }
  return entries;
}
