import { sessionsOf, setsByExercise, type ActivityProgress, type HistoryEntry, type SessionFeedback, type TeamSession } from '@acompanha/contract';
import { cn } from '@acompanha/ui/cn';
import { formatDay, formatDecimal, formatMinutes, formatSet, formatSwappedFrom } from '@acompanha/ui/format';
import { LineChart } from '@acompanha/ui/line-chart';
import { ScrollRegion } from '@acompanha/ui/scroll-region';
import { Skeleton } from '@acompanha/ui/skeleton';
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { useId, useState, type ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { LoadMore } from '../../components/load-more';
import { useClientProgress, useClientSessions } from './api/sessions';
import { useClientId } from '../../lib/client-id';

/** An instant the API sent, or null when it cannot be read: one odd field never blanks the tab. */
function instant(iso: string): Date | null {
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

/** 'terça-feira, 24/11/2026 · 18:30', on the console's clock. */
const formatMoment = (date: Date) => format(date, 'EEEE, dd/MM/yyyy · HH:mm', { locale: ptBR });

function sessionDuration(session: TeamSession): string | null {
  const start = instant(session.iniciado_em);
  const end = instant(session.concluido_em);
  if (!start || !end || end < start) return null;
  return formatMinutes(Math.round((end.getTime() - start.getTime()) / 60_000));
}


function Loading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-36 rounded-xl" />
    </div>
  );
}

function SessionCard({ session }: { session: TeamSession }) {
  const titleId = useId();
  const start = instant(session.iniciado_em);
  const duration = sessionDuration(session);
  const exercises = setsByExercise(session.series);
  const count = session.series.length;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-col gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-body font-bold">
            {session.treino_titulo}
          </h3>
          {/* An exercise of the workout has no set: the client stopped before the end, or left one out. */}
          {session.incompleta && (
            <span className="rounded-full border border-warning-soft-border bg-warning-soft px-2 py-0.5 text-caption font-semibold text-warning-soft-foreground">incompleto</span>
          )}
        </div>
        <p className="text-small text-muted-foreground tabular-nums">
          {[start && formatMoment(start), duration, `${count} ${count === 1 ? 'série' : 'séries'}`].filter(Boolean).join(' · ')}
        </p>
      </div>
      {session.como_foi && <HowItWent feedback={session.como_foi} />}
      {exercises.length > 0 && (
        <table className="w-full text-small">
          <caption className="sr-only">Séries de {session.treino_titulo}</caption>
          <thead className="text-caption text-muted-foreground">
            <tr className="border-b border-border">
              <th scope="col" className="w-2/5 py-1.5 pr-3 text-left font-semibold sm:w-56">
                Exercício
              </th>
              <th scope="col" className="py-1.5 text-left font-semibold">
                Carga × repetições
              </th>
            </tr>
          </thead>
          <tbody>
            {exercises.map((exercise) => (
              <tr key={exercise.exercicioId} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 pr-3 text-left align-top font-semibold">
                  {exercise.nome}
                  {exercise.trocaDe && <span className="block text-caption font-normal text-muted-foreground">Troca do dia, {formatSwappedFrom(exercise.trocaDe)}</span>}
                </th>
                <td className="py-2 align-top tabular-nums">
                  {exercise.sets.map((set, index) => (
                    <span key={set.numero}>
                      {index > 0 && ' · '}
                      {/* A set never breaks across lines; the list breaks between sets. */}
                      {set.carga_suspeita ? (
                        <mark
                          title={SUSPECT_LOAD}
                          className="rounded bg-warning-soft px-1 font-semibold whitespace-nowrap text-warning-soft-foreground ring-1 ring-warning-soft-border"
                        >
                          {formatSet(set)}
                          <span className="sr-only"> ({SUSPECT_LOAD.toLowerCase()})</span>
                          <span aria-hidden> ⚠</span>
                        </mark>
                      ) : (
                        <span className="whitespace-nowrap">{formatSet(set)}</span>
                      )}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

const EFFORT_NAMES = ['leve', 'moderado', 'intenso', 'muito intenso', 'máximo'];

/** A set's load far above that exercise's history when it was logged (decision 072). */
export const SUSPECT_LOAD = 'Carga muito acima do histórico: talvez digitada errada';

/** The client's 'Como foi?': the effort, any pain with where (marked), and the note in their words. */
function HowItWent({ feedback }: { feedback: SessionFeedback }) {
  return (
    <div className="flex flex-col gap-1.5 rounded-lg bg-muted px-3 py-2 text-small">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          <span className="font-semibold">Esforço {feedback.esforco} de 5</span> ({EFFORT_NAMES[feedback.esforco - 1]})
        </span>
        {feedback.dor ? (
          <span className="rounded-full border border-destructive-soft-border bg-destructive-soft px-2 py-0.5 font-semibold text-destructive-soft-foreground">
            Dor{feedback.dor_local ? `: ${feedback.dor_local}` : ''}
          </span>
        ) : (
          <span className="text-muted-foreground">Sem dor</span>
        )}
      </p>
      {feedback.nota && <p className="whitespace-pre-line">“{feedback.nota}”</p>}
    </div>
  );
}

function SessionsSection({ clientId }: { clientId: number }) {
  const titleId = useId();
  const query = useClientSessions(clientId);
  const sessions = query.data ? sessionsOf(query.data.pages) : [];
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, sessions.length);

  let body: ReactNode;
  if (query.isPending) body = <Loading label="Carregando sessões…" />;
  else if (!query.data) body = <LoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  else if (sessions.length === 0) body = <p className="text-body text-muted-foreground">Nenhuma sessão registrada ainda.</p>;
  else {
    body = (
      <>
        <ol className="flex flex-col gap-3">
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} />
            </li>
          ))}
        </ol>
        <LoadMore query={query} shown={sessions.length} total={total} noun={['sessão', 'sessões']} action="Carregar mais sessões" />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-title font-bold tracking-tight">
        Sessões
      </h2>
      {body}
    </section>
  );
}

/** The activity trained last: the one the team most likely wants to see first. */
function latestTrained(activities: readonly ActivityProgress[]): ActivityProgress | undefined {
  const lastTime = (activity: ActivityProgress) => instant(activity.pontos.at(-1)?.data ?? '')?.getTime() ?? -Infinity;
  return activities.reduce<ActivityProgress | undefined>((latest, activity) => (!latest || lastTime(activity) > lastTime(latest) ? activity : latest), undefined);
}

const formatEntryDay = (entry: HistoryEntry) => {
  const date = instant(entry.data);
  return date ? formatDay(date) : '-';
};

function ActivityBlock({ activity }: { activity: ActivityProgress }) {
  const titleId = useId();
  const latest = activity.pontos.at(-1);
  const points = activity.pontos.flatMap((entry) => {
    const date = instant(entry.data);
    return date ? [{ date, value: entry.rm_estimado }] : [];
  });
  const charted = points.length >= 2;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <h3 id={titleId} className="text-body font-bold">
        {activity.nome}
      </h3>
      {/* Side by side on a wide screen, where a chart as wide as the page would tower over the table. */}
      <div className={cn('grid gap-4', charted && 'lg:grid-cols-2 lg:items-start')}>
        {charted && latest && (
          <LineChart
            points={points}
            colour="text-primary"
            caption={
              <>
                <span className="text-small font-bold">RM estimado de {activity.nome} (kg)</span>
                <span className="text-caption text-muted-foreground tabular-nums">
                  Mais recente: {formatDecimal(latest.rm_estimado)} kg em {formatEntryDay(latest)}
                </span>
              </>
            }
          />
        )}
        {/* Wider than a phone: the table scrolls sideways in its own region. */}
        <ScrollRegion aria-label={`Melhor série de cada sessão de ${activity.nome}`} className="rounded-xl border border-border bg-card">
          <table className="w-full text-small tabular-nums">
            <caption className="sr-only">Melhor série de cada sessão de {activity.nome}, da mais recente à mais antiga</caption>
            <thead className="text-caption text-muted-foreground">
              <tr className="border-b border-border">
                <th scope="col" className="px-2.5 py-2 text-left font-semibold whitespace-nowrap sm:px-3">
                  Data
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold whitespace-nowrap sm:px-3">
                  Melhor série
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold whitespace-nowrap sm:px-3">
                  Séries
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold whitespace-nowrap sm:px-3">
                  RM estimado
                </th>
              </tr>
            </thead>
            <tbody>
              {[...activity.pontos].reverse().map((entry) => (
                <tr key={entry.sessao_id} className="border-b border-border last:border-0">
                  <th scope="row" className="px-2.5 py-2 text-left font-medium whitespace-nowrap sm:px-3">
                    {formatEntryDay(entry)}
                  </th>
                  <td className="px-2.5 py-2 text-right whitespace-nowrap sm:px-3">{formatSet(entry)}</td>
                  <td className="px-2.5 py-2 text-right sm:px-3">{entry.series}</td>
                  <td className="px-2.5 py-2 text-right whitespace-nowrap sm:px-3">{formatDecimal(entry.rm_estimado)} kg</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </article>
  );
}

function ProgressSection({ clientId }: { clientId: number }) {
  const titleId = useId();
  const selectId = useId();
  const query = useClientProgress(clientId);
  const [picked, setPicked] = useState<number | null>(null);
  const activities = query.data?.filter((activity) => activity.pontos.length > 0) ?? [];
  const shown = activities.find((activity) => activity.atividade_id === picked) ?? latestTrained(activities);

  // Nothing trained, nothing to chart: the sessions above already say so.
  if (query.isSuccess && !shown) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-title font-bold tracking-tight">
        Progresso por exercício
      </h2>
      {query.isPending && <Loading label="Carregando progresso…" />}
      {query.isError && !query.data && <LoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      {shown && (
        <>
          {activities.length > 1 && (
            <div className="flex flex-col gap-1.5 sm:max-w-sm">
              <label htmlFor={selectId} className="text-small font-semibold">
                Exercício
              </label>
              <select
                id={selectId}
                value={shown.atividade_id}
                onChange={(event) => setPicked(Number(event.target.value))}
                className="h-11 rounded-xl border border-input bg-card px-3 text-body"
              >
                {activities.map((activity) => (
                  <option key={activity.atividade_id} value={activity.atividade_id}>
                    {activity.nome}
                  </option>
                ))}
              </select>
            </div>
          )}
          <ActivityBlock key={shown.atividade_id} activity={shown} />
        </>
      )}
    </section>
  );
}

/** A client's sessions with every set, and the best set of each session per exercise over time. */
export function SessionsTab() {
  const clientId = useClientId();
  return (
    <div className="flex flex-col gap-8">
      {/* The trend first, then the log it comes from. */}
      <ProgressSection clientId={clientId} />
      <SessionsSection clientId={clientId} />
    </div>
  );
}
