import { messageAuthorLabel, type ClientMessageRequest, type Message } from '@acompanha/contract';
import { storedState, type MessageState, type ThreadEntry } from '@acompanha/ui/message-thread';
import type { MutationState } from '@tanstack/react-query';

export type SendState = MutationState<Message, Error, ClientMessageRequest, unknown>;

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
    return { id: message.id, own, author: own ? null : messageAuthorLabel(message), texto: message.texto, enviada_em: message.enviada_em, state: own ? storedState(message.lida_em) : null };
  });
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
      own: true,
      author: null,
      texto: send.data?.texto ?? texto,
      enviada_em: send.data?.enviada_em ?? new Date(send.submittedAt || Date.now()).toISOString(),
      state: stateOfSend(send),
    });
  }
  return entries;
}
