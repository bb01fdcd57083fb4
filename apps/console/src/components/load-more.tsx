import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';

/** The parts of an infinite query (TanStack Query's useInfiniteQuery) that its list's footer reads. */
interface PagedQuery {
  error: Error | null;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The footer of a list read a page at a time: '12 de 40 sessões', the button for the next page,
 * and the error of a next page that failed (the pages already shown stay).
 */
export function LoadMore({ query, shown, total, noun, action }: { query: PagedQuery; shown: number; total: number; noun: [one: string, many: string]; action: string }) {
  return (
    <>
      {query.isFetchNextPageError && query.error && (
        <Alert variant="destructive">
          <p>{query.error.message}</p>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-small text-muted-foreground tabular-nums">
          {shown} de {total} {total === 1 ? noun[0] : noun[1]}
        </p>
        {query.hasNextPage && (
          <Button variant="outline" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {action}
          </Button>
        )}
      </div>
    </>
  );
}
