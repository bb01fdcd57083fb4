import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { ApiError, CONNECTION_MESSAGE } from '@acompanha/client';

/** A read that failed: the server's message (or the connection's), and 'Tentar novamente'. */
export function LoadError({ error, onRetry, retrying = false }: { error: Error; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert variant="destructive">
      <p>{error instanceof ApiError ? error.message : CONNECTION_MESSAGE}</p>
      <Button variant="outline" size="sm" className="self-start" pending={retrying} onClick={onRetry}>
        Tentar novamente
      </Button>
    </Alert>
  );
}
