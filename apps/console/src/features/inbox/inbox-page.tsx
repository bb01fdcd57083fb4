import { cn } from '@acompanha/ui/cn';
import { timeLabel } from '@acompanha/ui/message-thread';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Camera } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadMore } from '../../components/load-more';
import { daysAgoLabel, waitedLabel } from '../../lib/labels';
import { usePageTitle } from '../../lib/page-title';
import { useRosterCounts, type RosterEntry } from '../../lib/roster';
import { useInbox } from './api/inbox';

/** The conversations, those waiting for the team first (DECISIONS.md §6), a page at a time; live through the team stream. */
export function InboxPage() {
  usePageTitle('Mensagens');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-headline font-bold tracking-tight">Mensagens</h1>
      <InboxBody />
    </div>
  );
}

function InboxBody() {
  const inbox = useInbox();
  const waiting = useRosterCounts().data?.nao_lidas;
  if (inbox.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-20" />
        ))}
      </div>
    );
  }
  if (!inbox.data) {
    return <LoadError error={inbox.error} retrying={inbox.isFetching} onRetry={() => void inbox.refetch()} />;
  }
  // A conversation that moved up while the next page was read is shown once, where it is now.
  const conversations = [...new Map(inbox.data.pages.flatMap((page) => page.results).map((client) => [client.id, client])).values()];
  if (conversations.length === 0) return <p className="text-muted-foreground">Nenhuma conversa ainda.</p>;
  return (
    <section aria-labelledby="conversas" className="flex flex-col gap-2">
      <h2 id="conversas" role="status" className="text-small font-semibold text-muted-foreground">
        {waiting === undefined ? 'Conversas' : waiting === 0 ? 'Nenhuma conversa aguardando resposta' : waiting === 1 ? '1 conversa aguardando resposta' : `${waiting.toLocaleString('pt-BR')} conversas aguardando resposta`}
      </h2>
      <ul className="flex flex-col gap-2">
        {conversations.map((client) => (
          <ConversationRow key={client.id} client={client} />
        ))}
      </ul>
      <LoadMore query={inbox} shown={conversations.length} total={Math.max(inbox.data.pages.at(-1)?.total ?? 0, conversations.length)} noun={['conversa', 'conversas']} action="Carregar mais" />
    </section>
  );
}

function ConversationRow({ client }: { client: RosterEntry }) {
  const last = client.ultima_mensagem;
  const unread = client.nao_lidas > 0;
  return (
    <li>
      <Link
        to={`/clientes/${client.id}`}
        className={cn(
          'flex items-start gap-4 rounded-xl border bg-card px-4 py-3 shadow-xs hover:bg-primary-soft/30',
          unread ? 'border-primary/50' : 'border-border',
        )}
      >
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('truncate text-foreground', unread ? 'font-bold' : 'font-semibold')}>{client.nome}</span>
            {last && (
              <time dateTime={last.enviada_em} className="ml-auto shrink-0 text-caption text-muted-foreground">
                {daysAgoLabel(last.enviada_em) === 'Hoje' ? timeLabel(last.enviada_em) : daysAgoLabel(last.enviada_em)}
              </time>
            )}
          </span>
          {last && (
            <span className="truncate text-small text-muted-foreground">
              {last.autor === 'EQUIPE' && <span className="font-semibold">Equipe: </span>}
              {/* A message without text is its photos. */}
              {last.texto || (
                <>
                  <Camera aria-hidden className="mr-1 inline size-4 align-[-3px]" />
                  Foto
                </>
              )}
            </span>
          )}
          {unread && client.aguardando_desde && (
            <span className="text-caption font-semibold text-warning-soft-foreground">Aguardando resposta {waitedLabel(client.aguardando_desde)}</span>
          )}
        </span>
        {unread && (
          <span className="shrink-0 rounded-full bg-primary px-2.5 py-0.5 text-caption font-bold text-primary-foreground">
            {client.nao_lidas === 1 ? '1 não lida' : `${client.nao_lidas} não lidas`}
          </span>
        )}
      </Link>
    </li>
  );
}
