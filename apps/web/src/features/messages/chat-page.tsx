import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Mail, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { OfflineNotice, waitsForConnection } from '../../components/offline-notice';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { useOnline } from '../../lib/use-online';
import { cn } from '@acompanha/ui/cn';
import { messagesOf, sendMessageKey, useMarkThreadRead, useThread } from './api/messages';
import { Composer } from './components/composer';
import { MessageThread, messageSummary } from '@acompanha/ui/message-thread';
import { PhotoConsentPrompt } from '../../components/photo-consent-prompt';
import { photoSender } from '../../lib/photos';
import { ScrollRegion } from '@acompanha/ui/scroll-region';
import { threadEntries, type SendState } from './thread';

export const THREAD_ERROR = 'Erro ao carregar mensagens.';

/**
 * The conversation with the team (DECISIONS.md §3, §5): the thread, live, with the composer above
 * the tab bar; opening it reads the team's messages. The e-mail form and the error report are a
 * link away.
 */
export function ChatPage() {
  const queryClient = useQueryClient();
  const thread = useThread();
  const sends = useMutationState({ filters: { mutationKey: sendMessageKey }, select: (mutation) => mutation.state as SendState });
  const markRead = useMarkThreadRead(queryClient);
  const online = useOnline();

  const messages = messagesOf(thread.data);
  const entries = threadEntries(messages, sends);
  const unread = thread.data?.pages[0]?.nao_lidas ?? 0;

  // Read while the client looks at the thread: on opening, and as the team's answers arrive.
  const { isPending: marking, mutate: mark } = markRead;
  useEffect(() => {
    if (unread > 0 && !marking && online && document.visibilityState === 'visible') mark();
  }, [unread, marking, mark, online]);

  // The newest team message when the thread first showed: any newer one is announced.
  const newestTeam = messages.filter((message) => message.autor === 'EQUIPE').at(-1) ?? null;
  const [seenTeam, setSeenTeam] = useState<string | null | undefined>(undefined);
  if (thread.isSuccess && seenTeam === undefined) setSeenTeam(newestTeam?.id ?? null);
  const announcement =
    newestTeam && seenTeam !== undefined && newestTeam.id !== seenTeam
      ? `Nova mensagem de ${newestTeam.autor_nome}: ${messageSummary(newestTeam.texto, newestTeam.midias.length)}`
      : '';

  // The thread opens at its newest message, and follows new ones while the client is at the end.
  const scroller = useRef<HTMLDivElement>(null);
  const last = entries.at(-1)?.id;
  const opened = useRef(false);
  // Whether the client was near the end before the newest message came: measured after it, a message
  // taller than the margin (one with photos) would read as the client having scrolled away.
  const nearEnd = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (!last || !element) return;
    if (opened.current && !nearEnd.current) return;
    opened.current = true;
    element.scrollTop = element.scrollHeight;
  }, [last]);
  // The composer growing with the text (or the keyboard opening) keeps the end in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let atEnd = true;
    const onScroll = () => {
      atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 8;
      nearEnd.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 200;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd) element.scrollTop = element.scrollHeight;
    });
    element.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    // One screen tall between the header (with its offline line, 2rem, when offline) and the tab
    // bar (over main's bottom padding): the thread scrolls inside, the composer stays under it,
    // right above the tab bar.
    <div
      className={cn(
        '-mb-6 flex min-h-72 flex-col gap-3',
        online
          ? 'h-[calc(100dvh-var(--header-height)-1px-1.25rem-var(--bottom-nav-height)-env(safe-area-inset-bottom))]'
          : 'h-[calc(100dvh-var(--header-height)-1px-2rem-1.25rem-var(--bottom-nav-height)-env(safe-area-inset-bottom))]',
      )}
    >
      <DocumentTitle>Chat</DocumentTitle>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
          Chat
        </h1>
        <div className="flex flex-wrap items-center gap-1">
          <Button asChild variant="ghost" size="sm" className="px-2 text-primary">
            <Link to="/chat/email">
              <Mail aria-hidden />
              Enviar por e-mail
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="px-2">
            <Link to="/application-error">
              <TriangleAlert aria-hidden />
              Relatar erro
            </Link>
          </Button>
        </div>
      </div>
      <p className="-mt-3 text-small text-muted-foreground">Sua conversa com a equipe de treino e nutrição.</p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <ScrollRegion ref={scroller} aria-label="Mensagens" className="-mx-4 flex min-h-0 flex-1 flex-col overflow-y-auto px-4 pb-2">
        {thread.hasNextPage && (
          <Button
            variant="link"
            size="sm"
            className="self-center"
            pending={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
          >
            Carregar mensagens anteriores
          </Button>
        )}
        {thread.hasNextPage && !thread.isFetchingNextPage && (
          <LoadOlderOnScroll scroller={scroller} onTop={() => void thread.fetchNextPage()} />
        )}
        <ThreadBody status={thread} entries={entries} />
      </ScrollRegion>
      <Composer />
      <PhotoConsentPrompt />
    </div>
  );
}

function ThreadBody({
  status,
  entries,
}: {
  status: ReturnType<typeof useThread>;
  entries: ReturnType<typeof threadEntries>;
}) {
  if (status.isError && !status.data) {
    return (
      <Alert variant="destructive">
        <p>{THREAD_ERROR}</p>
      </Alert>
    );
  }
  if (status.isPending && entries.length === 0) {
    if (waitsForConnection(status)) return <OfflineNotice />;
    return (
      <div aria-busy="true" aria-label="Carregando mensagens" className="flex flex-col gap-3">
        <Skeleton className="h-14 w-3/4" />
        <Skeleton className="h-14 w-2/3 self-end" />
        <Skeleton className="h-20 w-3/4" />
      </div>
    );
  }
  if (entries.length === 0) {
    return (
      <p className="rounded-2xl bg-card p-4 text-center text-small text-muted-foreground">
        Nenhuma mensagem ainda. Escreva sua dúvida para a equipe: o personal e a nutricionista respondem por aqui.
      </p>
    );
  }
  return <MessageThread entries={entries} loadPhoto={photoSender.load} />;
}

/** Scrolling up to the top of the thread loads the messages before it (the button does the same by hand). */
function LoadOlderOnScroll({ scroller, onTop }: { scroller: RefObject<HTMLDivElement | null>; onTop: () => void }) {
  const latest = useRef(onTop);
  useEffect(() => {
    latest.current = onTop;
  });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      if (element.scrollTop < 120) latest.current();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller]);
  return null;
}
