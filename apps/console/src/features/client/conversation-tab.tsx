import { usePhotoAttachments } from '@acompanha/client/use-photo-attachments';
import { MEDIA_TYPES, MESSAGE_MEDIA_MAX, MESSAGE_TEXT_MAX, messageAuthorLabel, messagesOfPages, newUuid, type Message, type MessageMedia } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { MessageComposer } from '@acompanha/ui/message-composer';
import type { Photo } from '@acompanha/ui/message-photos';
import { MessageThread, messageSummary, storedState, type ThreadEntry } from '@acompanha/ui/message-thread';
import { ScrollRegion } from '@acompanha/ui/scroll-region';
import { Skeleton } from '@acompanha/ui/skeleton';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useConversation, useDismissReply, useMarkRead, useReply, useUnsentReplies, type UnsentReply } from './api/conversation';
import { useClientId } from '../../lib/client-id';
import { photoSender } from '../../lib/photos';
import { useOnline } from '../../lib/use-online';
import { LoadError } from '../../components/load-error';

const photosOf = (midias: MessageMedia[] = []): Photo[] => midias.map(({ id, largura, altura }) => ({ id, width: largura, height: altura }));

/**
 * The team's messages on the right (each signed by its author), the client's on the left, then the
 * replies on their way. The live stream can bring a reply before its own answer does: it shows once.
 */
function threadEntries(messages: Message[], unsent: UnsentReply[]): ThreadEntry[] {
  const entries: ThreadEntry[] = messages.map((message) => {
    const own = message.autor === 'EQUIPE';
    return {
      id: message.id,
      own,
      author: messageAuthorLabel(message),
      texto: message.texto,
      photos: photosOf(message.midias),
      enviada_em: message.enviada_em,
      state: own ? storedState(message.lida_em) : null,
    };
  });
  const held = new Set(messages.map((message) => message.id));
  for (const reply of unsent) {
    if (held.has(reply.id)) continue;
    entries.push({
      id: reply.id,
      own: true,
      author: null,
      texto: reply.texto,
      photos: photosOf(reply.midias),
      enviada_em: new Date(reply.submittedAt || Date.now()).toISOString(),
      state: reply.failed ? 'failed' : 'sending',
    });
  }
  return entries;
}

/** 'Conversa': the client's thread, live through the team stream, read as it shows, with the reply box under it. */
export function ConversationTab() {
  const clientId = useClientId();
  const conversation = useConversation(clientId);
  const reply = useReply(clientId);
  const unsent = useUnsentReplies(clientId);
  const dismiss = useDismissReply();
  const markRead = useMarkRead(clientId);
  const photos = usePhotoAttachments(photoSender, { online: useOnline() });
  const messages = messagesOfPages(conversation.data?.pages ?? []);
  const entries = threadEntries(messages, unsent);
  const unread = conversation.data?.pages[0]?.nao_lidas ?? 0;

  // Read while the team looks at it: on opening, and as the client's messages arrive.
  const newestFromClient = messages.filter((message) => message.autor === 'CLIENTE').at(-1);
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread > 0) read();
  }, [unread, newestFromClient?.id, read]);

  // A client message that arrives while the page is open is announced; those already there are not.
  const [seenClient, setSeenClient] = useState<string | null | undefined>(undefined);
  if (conversation.isSuccess && seenClient === undefined) setSeenClient(newestFromClient?.id ?? null);
  const announcement = seenClient !== undefined && newestFromClient && newestFromClient.id !== seenClient ? `Nova mensagem de ${newestFromClient.autor_nome}: ${messageSummary(newestFromClient.texto, newestFromClient.midias.length)}` : '';

  // The thread opens at its newest message and follows new ones.
  const scroller = useRef<HTMLDivElement>(null);
  const last = entries.at(-1)?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  const failed = unsent.find((item) => item.failed);

  return (
    <section aria-labelledby="conversa" className="flex flex-col gap-3">
      <h2 id="conversa" className="sr-only">
        Conversa
      </h2>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <ScrollRegion
        ref={scroller}
        aria-label="Mensagens da conversa"
        className="flex h-[max(20rem,calc(100dvh-26rem))] flex-col gap-4 overflow-y-auto rounded-2xl border border-border bg-muted/40 p-4"
      >
        {conversation.hasNextPage && (
          <Button variant="ghost" size="sm" className="self-center" pending={conversation.isFetchingNextPage} onClick={() => void conversation.fetchNextPage()}>
            Carregar mensagens anteriores
          </Button>
        )}
        {conversation.isPending ? (
          <div className="flex flex-col gap-3" aria-busy>
            <Skeleton className="h-14 w-2/3" />
            <Skeleton className="h-14 w-1/2 self-end" />
          </div>
        ) : conversation.isError ? (
          <LoadError error={conversation.error} retrying={conversation.isFetching} onRetry={() => void conversation.refetch()} />
        ) : entries.length === 0 ? (
          <p className="m-auto text-center text-muted-foreground">Nenhuma mensagem ainda. Escreva a primeira.</p>
        ) : (
          <MessageThread entries={entries} loadPhoto={photoSender.load} />
        )}
      </ScrollRegion>
      {failed && (
        <Alert variant="destructive">
          <p>A mensagem não foi enviada: {failed.error?.message}</p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                dismiss(failed.mutationId);
                reply.mutate({ id: failed.id, texto: failed.texto, midias: failed.midias });
              }}
            >
              Tentar novamente
            </Button>
            <Button variant="ghost" size="sm" onClick={() => dismiss(failed.mutationId)}>
              Descartar
            </Button>
          </div>
        </Alert>
      )}
      <MessageComposer
        placeholder="Escreva sua resposta"
        maxLength={MESSAGE_TEXT_MAX}
        photos={{
          attachments: photos.attachments,
          max: MESSAGE_MEDIA_MAX,
          accept: MEDIA_TYPES.join(','),
          onAttach: photos.attach,
          onRemove: photos.remove,
          onRetry: photos.retry,
        }}
        onSend={(texto) => {
          const refusal = photos.refusal();
          if (refusal) return refusal;
          const midias = photos.take();
          reply.mutate({ id: newUuid(), texto, ...(midias.length > 0 ? { midias } : {}) });
        }}
      />
    </section>
  );
}
