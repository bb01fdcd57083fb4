import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { Logo } from '@acompanha/ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from '@acompanha/ui/skip-link';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Dumbbell, Inbox, KeyRound, LogOut, ShieldCheck, Users } from 'lucide-react';
import { Navigate, NavLink, Outlet, useLocation, useMatch } from 'react-router';
import { LoadError } from '../components/load-error';
import { RequiredEnrolment } from '../features/second-factor/second-factor-page';
import { useSecondFactor } from '../features/second-factor/api/second-factor';
import { useIsAdmin, useMe } from '../lib/me';
import { useRosterCounts } from '../lib/roster';
import { useSignedIn } from '../lib/session';
import { useSignOut } from '../lib/sign-out';
import { useTeamStream } from '../lib/team-stream';

/** The signed-in console: the navigation beside the screen on a desktop, above it on a phone. */
export function ConsoleLayout() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <SecondFactorGate />;
}

/**
 * An administrator without a second factor enrols before anything else: the API answers them no
 * team route until then (decision 056). The rest of the team goes straight in.
 */
function SecondFactorGate() {
  const signOut = useSignOut();
  const me = useMe();
  const isAdmin = useIsAdmin();
  const status = useSecondFactor(isAdmin);
  if (me.isPending || (isAdmin && status.isPending)) return <Skeleton className="m-8 h-40" aria-busy />;
  if (isAdmin && status.isError) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-10">
        <LoadError error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />
      </main>
    );
  }
  if (isAdmin && status.data?.obrigatoria && !status.data.ativa) {
    return (
      <RequiredEnrolment
        footer={
          <Button variant="ghost" size="sm" className="self-start" onClick={signOut}>
            <LogOut aria-hidden />
            Sair
          </Button>
        }
      />
    );
  }
  return <SignedInLayout />;
}

function SignedInLayout() {
  useTeamStream();
  const signOut = useSignOut();
  const me = useMe();
  const isAdmin = useIsAdmin();
  const waiting = useRosterCounts().data?.nao_lidas ?? 0;

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-card px-4 py-3 md:h-dvh md:flex-col md:flex-nowrap md:items-stretch md:border-r md:border-b-0 md:px-4 md:py-6">
        <div className="flex items-center gap-2 md:mb-6 md:px-2">
          <Logo className="[&_svg]:size-8 [&>span]:text-body" />
          <span className="rounded-md bg-primary-soft px-2 py-0.5 text-caption font-semibold text-primary-soft-foreground">Equipe</span>
        </div>
        <nav aria-label="Principal" className="order-last w-full md:order-none">
          <ul className="flex gap-0.5 overflow-x-auto md:flex-col md:gap-1 md:overflow-visible">
            <NavItem to="/" icon={Users} label="Clientes" alsoActiveOn="/clientes/*" />
            <NavItem to="/mensagens" icon={Inbox} label="Mensagens" count={waiting} countLabel={waiting === 1 ? '1 conversa aguardando resposta' : `${waiting} conversas aguardando resposta`} />
            <NavItem to="/atividades" icon={Dumbbell} label="Atividades" />
            {/* Staff accounts are the administrators' alone: the others do not see the way there. */}
            {isAdmin && <NavItem to="/membros" icon={ShieldCheck} label="Equipe" />}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 md:mt-auto md:ml-0 md:flex-col md:items-stretch">
          {me.data && <p className="hidden truncate px-2 text-small text-muted-foreground md:block">{me.data.email}</p>}
          <NavLink to="/verificacao" className="flex min-h-11 items-center gap-2 rounded-xl px-2 text-small font-semibold text-muted-foreground hover:bg-muted">
            <KeyRound aria-hidden className="size-4" />
            Verificação em duas etapas
          </NavLink>
          <Button variant="ghost" size="sm" onClick={signOut}>
            <LogOut aria-hidden />
            Sair
          </Button>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl px-4 py-6 outline-none md:px-8 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}

interface NavItemProps {
  to: string;
  icon: typeof Users;
  label: string;
  /** A client's page belongs to the list it was opened from. */
  alsoActiveOn?: string;
  count?: number;
  countLabel?: string;
}

function NavItem({ to, icon: Icon, label, alsoActiveOn, count = 0, countLabel }: NavItemProps) {
  const also = useMatch(alsoActiveOn ?? to) !== null;
  return (
    <li className="flex-1 md:flex-none">
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          cn(
            'flex min-h-11 items-center justify-center gap-2 rounded-xl px-1.5 text-small font-semibold whitespace-nowrap text-muted-foreground hover:bg-muted sm:px-3 md:justify-start',
            (isActive || also) && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
          )
        }
      >
        {/* A phone's row has room for the names, not the icons too. */}
        <Icon aria-hidden className="hidden size-5 sm:block" />
        {label}
        {count > 0 && (
          <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-caption font-bold text-primary-foreground tabular-nums md:ml-auto">
            <span aria-hidden>{count}</span>
            <span className="sr-only">{countLabel}</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}
