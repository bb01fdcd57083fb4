import { sessionsOf } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { DocumentTitle } from '../../components/document-title';
import { BackLink } from '../../components/back-link';
import { QueryState } from '../../components/query-state';
import { useOnline } from '../../lib/use-online';
import { useHistory } from './api/history';
import { SessionCard } from './components/session-card';

export const EMPTY_HISTORY_MESSAGE = 'Nenhum treino registrado ainda. Inicie um treino para ver seu histórico aqui.';
const LOAD_FAILURE_MESSAGE = 'Não foi possível carregar seu histórico.';
const MORE_FAILURE_MESSAGE = 'Não foi possível carregar mais treinos.';

/** Every train-mode session of the client, newest first, a page at a time; offline, the pages loaded before. */
export function HistoryPage() {
  const history = useHistory();
  return (
    <>
      <DocumentTitle>Histórico</DocumentTitle>
      <BackLink fallback="/profile" />
      <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
        Histórico
      </h1>
      <QueryState query={history} skeleton={<HistorySkeleton />} error={LOAD_FAILURE_MESSAGE}>
        {() => <SessionList history={history} />}
      </QueryState>
    </>
  );
}

function SessionList({ history }: { history: ReturnType<typeof useHistory> }) {
  const online = useOnline();
  const sessions = sessionsOf(history.data?.pages ?? []);
  if (sessions.length === 0) return <Alert variant="info">{EMPTY_HISTORY_MESSAGE}</Alert>;
  const total = Math.max(history.data?.pages.at(-1)?.total ?? 0, sessions.length);
  return (
    <>
      <p className="text-small text-muted-foreground tabular-nums">
        {sessions.length === total ? '' : `${sessions.length} de `}
        {total} {total === 1 ? 'treino registrado' : 'treinos registrados'}
      </p>
      <ol aria-label="Treinos registrados" className="flex flex-col gap-3">
        {sessions.map((session) => (
          <li key={session.id}>
            <SessionCard session={session} />
          </li>
        ))}
      </ol>
      {history.isFetchNextPageError && (
        <Alert variant="destructive">
          <p>{MORE_FAILURE_MESSAGE}</p>
        </Alert>
      )}
      {history.hasNextPage && (
        <div className="flex flex-col gap-1">
          <Button
            variant="outline"
            className="w-full"
            disabled={!online || history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? 'Carregando…' : history.isFetchNextPageError ? 'Tentar novamente' : 'Carregar mais'}
          </Button>
          {!online && <p className="text-center text-small text-muted-foreground">Conecte-se à internet para carregar mais.</p>}
        </div>
      )}
    </>
  );
}

/** The shape of two session cards, so that the list does not jump when it arrives. */
function HistorySkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-56 rounded-2xl" />
      <Skeleton className="h-56 rounded-2xl" />
    </div>
  );
}
