import type { FetchStatus, QueryStatus } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useOnline } from '../lib/use-online';
import { Alert } from '@acompanha/ui/alert';

export const OFFLINE_SAVED_DATA_MESSAGE = 'Sem conexão — mostrando os dados salvos';
export const OFFLINE_NEVER_LOADED_MESSAGE = 'Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.';

/** A query with nothing saved that waits for the connection: its screen says so instead of loading forever. */
export function waitsForConnection(...queries: Array<{ status: QueryStatus; fetchStatus: FetchStatus }>): boolean {
  return queries.some((query) => query.status === 'pending' && query.fetchStatus === 'paused');
}

/** In place of a screen (or a part of one) whose data was never loaded on this device. */
export function OfflineNotice() {
  return <Alert variant="info">{OFFLINE_NEVER_LOADED_MESSAGE}</Alert>;
}

/** A quiet line under the header while offline: what shows is the saved copy. Offline is a normal state. */
export function OfflineStatus() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-muted px-4 py-1.5 text-small font-medium text-muted-foreground">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {OFFLINE_SAVED_DATA_MESSAGE}
        </p>
      )}
    </div>
  );
}
