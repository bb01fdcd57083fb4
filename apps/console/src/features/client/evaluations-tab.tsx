import type { Evaluation } from '@acompanha/contract';
import { formatDay, formatDecimal } from '@acompanha/ui/format';
import { LineChart, type ChartPoint } from '@acompanha/ui/line-chart';
import { ScrollRegion } from '@acompanha/ui/scroll-region';
import { Skeleton } from '@acompanha/ui/skeleton';
import { parseISO } from 'date-fns';
import { useId, type ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { useClientEvaluations } from './api/evaluations';
import { useClientId } from '../../lib/client-id';

interface Measure {
  label: string;
  value: (evaluation: Evaluation) => number | null | undefined;
}

// Units as the plan stores them (apps/api/src/db/seed.ts): kilograms, centimetres, percent, millimetres.
const MEASURES: readonly Measure[] = [
  { label: 'Peso (kg)', value: (e) => e.peso },
  { label: 'Altura (cm)', value: (e) => e.altura },
  { label: '% gordura', value: (e) => e.percentual_gordura },
  { label: 'Massa magra (kg)', value: (e) => e.massa_magra },
  { label: 'Cintura (cm)', value: (e) => e.circunferencia_cintura },
  { label: 'Quadril (cm)', value: (e) => e.circunferencia_quadril },
  { label: 'Braço (cm)', value: (e) => e.circunferencia_braco },
  { label: 'Coxa (cm)', value: (e) => e.circunferencia_coxa },
  { label: 'Peito (cm)', value: (e) => e.circunferencia_peito },
  { label: 'Dobra do tríceps (mm)', value: (e) => e.dobra_triceps },
  { label: 'Dobra subescapular (mm)', value: (e) => e.dobra_subescapular },
  { label: 'Dobra suprailíaca (mm)', value: (e) => e.dobra_suprailiaca },
  { label: 'Dobra abdominal (mm)', value: (e) => e.dobra_abdominal },
  { label: 'Dobra da coxa (mm)', value: (e) => e.dobra_coxa },
  { label: 'Dobra peitoral (mm)', value: (e) => e.dobra_peitoral },
  { label: 'Dobra axilar média (mm)', value: (e) => e.dobra_axilar_media },
];

interface Trend {
  label: string;
  /** Tailwind text colour: the line and dots are drawn in currentColor. */
  colour: string;
  value: (evaluation: Evaluation) => number | null | undefined;
  /** How a change reads: '−4,9 kg', '+1,2 pontos'. */
  unit: string;
}

const TRENDS: readonly Trend[] = [
  { label: 'Peso (kg)', colour: 'text-primary', value: (e) => e.peso, unit: 'kg' },
  // A change of a percentage is in points: 31,2 % to 26,4 % is 4,8 points, not 4,8 %.
  { label: '% gordura', colour: 'text-info-soft-foreground', value: (e) => e.percentual_gordura, unit: 'pontos' },
];

const evaluationDate = (evaluation: Evaluation) => parseISO(evaluation.created_at);

/** '−4,9 kg desde 15/03/2026' */
function change(points: readonly ChartPoint[], unit: string): string | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const delta = last.value - first.value;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(delta))} ${unit} desde ${formatDay(first.date)}`;
}


function Charts({ chronological }: { chronological: readonly Evaluation[] }) {
  const charts = TRENDS.map((trend) => ({
    trend,
    points: chronological.flatMap((evaluation) => {
      const value = trend.value(evaluation);
      return value == null ? [] : [{ date: evaluationDate(evaluation), value }];
    }),
  })).filter(({ points }) => points.length >= 2);
  if (charts.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {charts.map(({ trend, points }) => (
        <div key={trend.label} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <LineChart
            points={points}
            colour={trend.colour}
            caption={
              <>
                <span className="text-small font-bold">{trend.label}</span>
                <span className="text-caption text-muted-foreground tabular-nums">{change(points, trend.unit)}</span>
              </>
            }
          />
        </div>
      ))}
    </div>
  );
}

function MeasurementsTable({ chronological }: { chronological: readonly Evaluation[] }) {
  // Only what some evaluation measured: a column of dashes says nothing.
  const measures = MEASURES.filter((measure) => chronological.some((evaluation) => measure.value(evaluation) != null));
  const newestFirst = [...chronological].reverse();
  return (
    // Wider than a phone: the table scrolls sideways in its own region.
    <ScrollRegion aria-label="Medidas de cada avaliação" className="rounded-xl border border-border bg-card">
      <table className="w-full text-small tabular-nums">
        <caption className="sr-only">Medidas de cada avaliação, da mais recente à mais antiga</caption>
        <thead className="text-caption text-muted-foreground">
          <tr className="border-b border-border">
            {/* The date stays in view while the measurements scroll past it. */}
            <th scope="col" className="sticky left-0 bg-card px-3 py-2 text-left font-semibold">
              Data
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Plano
            </th>
            {measures.map((measure) => (
              <th key={measure.label} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {measure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((evaluation) => (
            <tr key={evaluation.id} className="border-b border-border last:border-0">
              <th scope="row" className="sticky left-0 bg-card px-3 py-2 text-left font-medium whitespace-nowrap">
                {formatDay(evaluationDate(evaluation))}
              </th>
              <td className="px-3 py-2">{evaluation.plano}</td>
              {measures.map((measure) => {
                const value = measure.value(evaluation);
                return (
                  <td key={measure.label} className="px-3 py-2 text-right">
                    {value == null ? (
                      <>
                        <span aria-hidden>–</span>
                        <span className="sr-only">Não medido</span>
                      </>
                    ) : (
                      formatDecimal(value)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** 'Rafael Costa · CREF 012345-G/SP', or the name alone. */
const signature = ({ nome, registro }: NonNullable<Evaluation['profissional']>) => (registro ? `${nome} · ${registro}` : nome);

/** What the client read with each evaluation, newest first; nothing when no evaluation has notes. */
function ClientNotes({ chronological }: { chronological: readonly Evaluation[] }) {
  const titleId = useId();
  const withNotes = [...chronological].reverse().filter((evaluation) => evaluation.observacoes);
  if (withNotes.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="text-body font-bold">
        Observações para o cliente
      </h3>
      <ol className="flex flex-col gap-3">
        {withNotes.map((evaluation) => (
          <li key={evaluation.id} className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4 shadow-xs">
            <p className="text-small text-muted-foreground">
              {formatDay(evaluationDate(evaluation))}
              {evaluation.profissional && ` · ${signature(evaluation.profissional)}`}
            </p>
            <p className="text-body whitespace-pre-line">{evaluation.observacoes}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A client's measurements over time: every evaluation in a table, weight and body fat as charts, and the notes they read. */
export function EvaluationsTab() {
  const titleId = useId();
  const query = useClientEvaluations(useClientId());

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          Carregando avaliações…
        </p>
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  } else if (!query.data) {
    body = <LoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <p className="text-body text-muted-foreground">Nenhuma avaliação ainda.</p>;
  } else {
    const chronological = [...query.data].sort((a, b) => evaluationDate(a).getTime() - evaluationDate(b).getTime());
    body = (
      <>
        <Charts chronological={chronological} />
        <MeasurementsTable chronological={chronological} />
        <ClientNotes chronological={chronological} />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-title font-bold tracking-tight">
        Medidas ao longo do tempo
      </h2>
      {body}
    </section>
  );
}
