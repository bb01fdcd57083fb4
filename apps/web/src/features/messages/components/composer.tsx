import { MESSAGE_TEXT_MAX, newUuid } from '@acompanha/contract';
import { MessageComposer } from '@acompanha/ui/message-composer';
import { useSendMessage } from '../api/messages';

/**
 * The client's message, above the tab bar. It shows in the thread at once and the field empties,
 * online or not: offline it waits and goes when the connection returns.
 */
export function Composer() {
  const send = useSendMessage();
  return (
    <MessageComposer
      placeholder="Escreva sua mensagem"
      maxLength={MESSAGE_TEXT_MAX}
      onSend={(texto) => send.mutate({ id: newUuid(), texto })}
      className="-mx-4 -mt-3 border-t border-border bg-background px-4 pt-2 pb-3"
    />
  );
}
