import { LogOut, UserRound } from 'lucide-react';
import { OfflineStatus, waitsForConnection } from '../../../components/offline-notice';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { useClient } from '../../../lib/session/client';
import { endSession } from '../../../lib/session/session-end';
import { greeting, initials } from '../names';

export function SessionHeader() {
  const clientQuery = useClient();
  const { data: client, isError } = clientQuery;
  // Offline with nothing saved, the greeting falls back to 'Olá!' rather than loading forever.
  const isPending = clientQuery.isPending && !waitsForConnection(clientQuery);

  return (
    <header
      aria-busy={isPending}
      className="sticky top-0 z-20 border-b border-border bg-card">
      {/* --header-height (index.css): 4.5rem, or 3rem on a short screen, where the avatar gives way. */}
      <div className="mx-auto flex h-(--header-height) max-w-md items-center gap-3 px-4 short:gap-1 short:px-3">
        {isPending ? (
          <>
            <Skeleton className="size-11 shrink-0 rounded-full short:hidden" />
            <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 short:gap-0">
              <Skeleton className="my-0.5 h-5 w-32 max-w-full" />
              <Skeleton className="my-0.5 h-4 w-36 max-w-full short:h-3.5" />
            </div>
          </>
        ) : (
          <>
            <span
              aria-hidden
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-body font-bold text-primary-soft-foreground short:hidden"
            >
              {isError || !client ? <UserRound className="size-5" /> : initials(client.nome)}
            </span>
            <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 short:gap-0">
              <p className="truncate text-body leading-6 font-bold short:leading-5">
                {isError || !client ? 'Olá!' : greeting(client.nome)}
              </p>
              <p className="truncate text-small leading-5 text-muted-foreground short:text-caption">Bem-vindo de volta</p>
            </div>
          </>
        )}
        <Button variant="ghost" size="icon" aria-label="Sair" title="Sair" onClick={() => endSession({ clearDevice: true })}>
          <LogOut aria-hidden />
        </Button>
      </div>
      <OfflineStatus />
    </header>
  );
}
