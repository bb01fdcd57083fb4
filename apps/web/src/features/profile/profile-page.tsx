import type { Evaluation } from '@acompanha/contract';
import { Bell, ChevronRight, History, Target, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { NoEvaluationCard } from '../../components/no-evaluation-card';
import { waitsForConnection } from '../../components/offline-notice';
import { QueryState } from '../../components/query-state';
import { Card } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';
import { Skeleton } from '@acompanha/ui/skeleton';
import { ageOn } from '@acompanha/ui/dates';
import { useClient } from '../../lib/session/client';
import { useEvaluations } from '../../lib/session/evaluations';
import { EvaluationCard } from './components/evaluation-card';
import { EvaluationNotesCard } from './components/evaluation-notes-card';
import { FollowUpCard } from './components/follow-up-card';
import { IconCardHeader } from './components/icon-card-header';
import { ProgressChart } from './components/progress-chart';
import { formatDecimal } from '@acompanha/ui/format';

const LOAD_FAILURE_MESSAGE = 'Não foi possível carregar seu perfil.';

export function ProfilePage() {
  const evaluations = useEvaluations();
  const client = useClient();

  return (
    <>
      <DocumentTitle>Perfil</DocumentTitle>
      <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
        Perfil
      </h1>
      <QueryState query={evaluations} skeleton={<ProfileSkeleton />} error={LOAD_FAILURE_MESSAGE}>
        {(loaded) => (
          <ProfileContent
            evaluations={loaded}
            nome={client.data?.nome ?? ''}
            birthDate={client.data?.data_nascimento ?? null}
            clientPending={client.isPending && !waitsForConnection(client)}
          />
        )}
      </QueryState>
    </>
  );
}

const notificationsLink = <ProfileLink to="/profile/notificacoes" icon={Bell} label="Notificações" />;

interface ProfileContentProps {
  evaluations: Evaluation[];
  nome: string;
  birthDate: string | null;
  clientPending: boolean;
}

function ProfileContent({ evaluations, nome, birthDate, clientPending }: ProfileContentProps) {
  const [latest] = evaluations;
  if (!latest) {
    return (
      <>
        <NoEvaluationCard heading={nome || 'Boas-vindas!'} />
        {notificationsLink}
      </>
    );
  }
  const age = birthDate === null ? null : ageOn(birthDate);
  const downloadPdf = async () => {
    const { downloadEvaluationPdf } = await import('./evaluation-pdf');
    await downloadEvaluationPdf({ nome, birthDate, evaluations: [latest, ...evaluations.slice(1)] });
  };

  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        <Tile label="Peso" value={formatDecimal(latest.peso)} unit="kg" />
        <Tile label="Altura" value={formatDecimal(latest.altura)} unit="cm" />
        <Tile label="Idade" value={clientPending ? null : age === null ? '-' : String(age)} unit="anos" />
      </dl>
      <ProfileLink to="/historico" icon={History} label="Histórico de treinos" />
      {notificationsLink}
      <Card>
        <IconCardHeader icon={Target} title="Objetivo">
          <p className="text-body text-muted-foreground">{latest.objetivo}</p>
        </IconCardHeader>
      </Card>
      <EvaluationNotesCard latest={latest} />
      <EvaluationCard latest={latest} onDownload={downloadPdf} />
      <FollowUpCard latest={latest} />
      <ProgressChart evaluations={evaluations} />
    </>
  );
}

/** A screen reached from Perfil: every session logged in train mode (features/history), the notifications' settings. */
function ProfileLink({ to, icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 items-center gap-3 rounded-2xl border border-border bg-card p-3 text-body font-bold shadow-sm transition-shadow hover:shadow-md"
    >
      <IconTile icon={icon} />
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden className="size-5 text-muted-foreground" />
    </Link>
  );
}

function Tile({ label, value, unit }: { label: string; value: string | null; unit: string }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-2xl border border-border bg-card px-2 py-4 text-center shadow-sm">
      <dt className="text-small font-semibold text-muted-foreground">{label}</dt>
      <dd className="flex items-baseline gap-1">
        {value === null ? (
          <Skeleton className="h-8 w-10" />
        ) : (
          <>
            <span className="text-headline font-extrabold">{value}</span>
            <span className="text-small text-muted-foreground">{unit}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <div className="grid grid-cols-3 gap-3">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
      <Skeleton className="h-24 rounded-2xl" />
      <Skeleton className="h-36 rounded-2xl" />
    </div>
  );
}
