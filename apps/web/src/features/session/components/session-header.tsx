import { useIsMutating, type MutationFilters } from '@tanstack/react-query';
import { LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { OfflineStatus, waitsForConnection } from '../../../components/offline-notice';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { useClient } from '../../../lib/session/client';
import { endSession } from '../../../lib/session/session-end';
import { greeting, initials } from '../names';

/**
 * Asked only with writes unsent: its dialog's code (Radix's, about 10 KB) stays off every screen's way
 * in, and loads once the first screen has painted, since offline 'Sair' needs it before the service
 * worker may have kept a copy.
 */
const loadSignOutDialog = () => import('./sign-out-dialog');
const SignOutDialog = lazy(loadSignOutDialog);

export function SessionHeader() {
  const clientQuery = useClient();
  const { data: client, isError } = clientQuery;
  // Offline with nothing saved, the greeting falls back to 'Olá!' rather than loading forever.
  const isPending = clientQuery.isPending && !waitsForConnection(clientQuery);

  return (
    <HeaderFrame busy={isPending}>
      {isPending ? (
        <GreetingSkeleton />
      ) : (
        <>
          <span
            aria-hidden
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-body font-bold text-primary-soft-foreground short:size-9 short:text-small"
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
    </HeaderFrame>
  );
}

/** The header as it shows before anything is known: index.html's signed-in shell (session-layout.tsx) paints it before any script runs. */
export function SessionHeaderSkeleton() {
  return (
    <HeaderFrame busy>
      <GreetingSkeleton />
    </HeaderFrame>
  );
}

function HeaderFrame({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <header aria-busy={busy} className="sticky top-0 z-20 border-b border-border bg-card">
      {/* --header-height (index.css): 4.5rem, or 3rem on a short screen (a phone on its side), where the avatar shrinks. */}
      <div className="mx-auto flex h-(--header-height) max-w-md items-center gap-3 px-4 short:gap-2 short:px-3">
        {children}
        <SignOutButton />
      </div>
      <OfflineStatus />
    </header>
  );
}

function GreetingSkeleton() {
  return (
    <>
      <Skeleton className="size-11 shrink-0 rounded-full short:size-9" />
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 short:gap-0">
        <Skeleton className="my-0.5 h-5 w-32 max-w-full" />
        <Skeleton className="my-0.5 h-4 w-36 max-w-full short:h-3.5" />
      </div>
    </>
  );
}

/** A write the server has not received and that waits for a connection: paused offline, queued behind one, or failing. */
const waitsToBeSent: NonNullable<MutationFilters['predicate']> = (mutation) =>
  mutation.state.status === 'pending' && (mutation.state.isPaused || mutation.state.failureCount > 0);

/**
 * 'Sair' (SPEC.md: clears local storage and goes to /login). With writes still waiting for a
 * connection it asks first: they are kept for this client on this device (decision 031), but reach
 * the server only at their next sign-in here, which a client leaving a shared phone may never do.
 */
function SignOutButton() {
  const unsent = useIsMutating({ predicate: waitsToBeSent });
  const [asking, setAsking] = useState(false);
  const signOut = () => endSession({ clearDevice: true });
  useEffect(() => afterNextPaint(() => void loadSignOutDialog()), []);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Sair" title="Sair" onClick={() => (unsent > 0 ? setAsking(true) : signOut())}>
        <LogOut aria-hidden />
      </Button>
      {asking && unsent > 0 && (
        <Suspense>
          <SignOutDialog unsent={unsent} onSignOut={signOut} onCancel={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
