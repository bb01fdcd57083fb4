import { LogOut, UserRound } from 'lucide-react';
import { OfflineStatus, waitsForConnection } from '../../../components/offline-notice';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClient } from '../../../lib/session/client';
import { useSignOut } from '../../../lib/session/use-sign-out';
import { greeting, initials } from '../names';

export function SessionHeader() {
  const clientQuery = useClient();
  const { data: client, isError } = clientQuery;
  // Offline with nothing saved, the greeting falls back to 'Olá!' rather than loading forever.
  const isPending = clientQuery.isPending && !waitsForConnection(clientQuery);
  const signOut = useSignOut();

  return (
    <header
      aria-busy={isPending}
      className="sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex h-18 max-w-md items-center gap-3 px-4">
        {isPending ? (
          <>
            <Skeleton className="size-11 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col justify-center gap-1">
              <Skeleton className="my-0.5 h-5 w-32" />
              <Skeleton className="my-0.5 h-4 w-36" />
            </div>
          </>
        ) : (
          <>
            <span
              aria-hidden
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-body font-bold text-primary-soft-foreground"
            >
              {isError || !client ? <UserRound className="size-5" /> : initials(client.nome)}
            </span>
            <div className="flex min-w-0 flex-1 flex-col justify-center gap-1">
              <p className="truncate text-body leading-6 font-bold">
                {isError || !client ? 'Olá!' : greeting(client.nome)}
              </p>
              <p className="text-small leading-5 text-muted-foreground">Bem-vindo de volta</p>
            </div>
          </>
        )}
        <Button variant="ghost" size="icon" aria-label="Sair" title="Sair" onClick={() => signOut()}>
          <LogOut aria-hidden />
        </Button>
      </div>
      <OfflineStatus />
    </header>
  );
}
