import type { FetchStatus, QueryStatus } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { OfflineNotice, waitsForConnection } from './offline-notice';

/** How long a failing load shows only its placeholders before it says that it is trying again. */
export const RETRYING_AFTER_MS = 3000;
export const RETRYING_MESSAGE = 'Tentando novamente…';
export const RETRY_LABEL = 'Tentar novamente';

/** What the piece reads of a query (a plain or an infinite one). */
export interface WaitedQuery<TData> {
  data: TData | undefined;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  failureCount: number;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<TData> {
  query: WaitedQuery<TData>;
  /** The shape of what is coming, while it loads. */
  skeleton: ReactNode;
  /** What failed, in SPEC.md's words ('Erro ao carregar treino.'). */
  error: string;
  /** Said under the error (why it may keep failing). */
  errorDetail?: ReactNode;
  /** What 'Tentar novamente' asks again: the query itself unless the screen needs more. */
  onRetry?: () => void;
  children: (data: TData) => ReactNode;
}

/**
 * The one way a screen waits on a query: its data once there (kept when a later refetch fails);
 * offline with nothing saved, the offline notice; loading, the placeholders, and after 3 s of
 * failures 'Tentando novamente…' while the query client retries (app/query-client.ts bounds them);
 * once it gives up, the error with 'Tentar novamente'.
 */
export function QueryState<TData>({ query, skeleton, error, errorDetail, onRetry, children }: QueryStateProps<TData>) {
  const retrying = useRetrying(query);
  if (query.data !== undefined) return children(query.data);
  if (waitsForConnection(query)) return <OfflineNotice />;
  if (query.status === 'error') {
    const again = query.fetchStatus === 'fetching';
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="destructive">
          <p>{error}</p>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            pending={again}
            onClick={() => (onRetry ? onRetry() : void query.refetch())}
          >
            {RETRY_LABEL}
          </Button>
        </Alert>
        {errorDetail}
      </div>
    );
  }
  // One block, so that the status line, empty until it has something to say, takes no gap of its own.
  return (
    <div>
      <div role="status">
        {retrying && (
          <p className="mb-3 flex items-center gap-2 text-small font-medium text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {RETRYING_MESSAGE}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-5">{skeleton}</div>
    </div>
  );
}

/** True once a query without data has been failing and retrying for RETRYING_AFTER_MS. */
function useRetrying(query: WaitedQuery<unknown>): boolean {
  const loading = query.data === undefined && query.status === 'pending' && query.fetchStatus === 'fetching';
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setWaitedLong(true), RETRYING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setWaitedLong(false);
    };
  }, [loading]);
  return loading && waitedLong && query.failureCount > 0;
}
