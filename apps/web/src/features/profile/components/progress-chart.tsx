import type { Evaluation } from '@acompanha/contract';
import { LineChart, type ChartPoint } from '@acompanha/ui/line-chart';
import { evaluationDate } from '../evaluation-report';
import { formatDay, formatDecimal } from '@acompanha/ui/format';

interface Series {
  label: string;
  unit: string;
  /** Tailwind text colour: lines and dots are drawn in currentColor. */
  colour: string;
  value: (evaluation: Evaluation) => number | null | undefined;
}

const WEIGHT: Series = { label: 'Peso', unit: 'kg', colour: 'text-primary', value: (e) => e.peso };
const BODY_FAT: Series = {
  label: 'Gordura corporal',
  unit: '%',
  colour: 'text-info-soft-foreground',
  value: (e) => e.percentual_gordura,
};

/** The measured values of a series, oldest first. */
function measured(evaluations: readonly Evaluation[], series: Series): ChartPoint[] {
  return evaluations.flatMap((evaluation) => {
    const value = series.value(evaluation);
    return value == null ? [] : [{ value, date: evaluationDate(evaluation) }];
  });
}

function change(points: readonly ChartPoint[], unit: string): string | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  const delta = last.value - first.value;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(delta))} ${unit} desde ${formatDay(first.date)}`;
}

/**
 * Weight, and body fat when measured, across the client's evaluations. The drawing is for the eye;
 * a table with the same numbers is there for screen readers.
 */
export function ProgressChart({ evaluations }: { evaluations: readonly Evaluation[] }) {
  const chronological = [...evaluations].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const series = [WEIGHT, BODY_FAT]
    .map((entry) => ({ series: entry, points: measured(chronological, entry) }))
    .filter(({ points }) => points.length >= 2);
  if (series.length === 0) return null;

  return (
    <section aria-labelledby="progress-title" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id="progress-title" className="text-title font-bold tracking-tight">
        Sua evolução
      </h2>
      {series.map(({ series: entry, points }) => (
        <LineChart
          key={entry.label}
          points={points}
          colour={entry.colour}
          caption={
            <>
              <span className="text-small font-bold">
                {entry.label} ({entry.unit})
              </span>
              <span className="text-caption text-muted-foreground">{change(points, entry.unit)}</span>
            </>
          }
        />
      ))}
      {/* Hidden by a wrapper: a table keeps its content's width whatever it is given, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Medidas de cada avaliação</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              {series.map(({ series: entry }) => (
                <th key={entry.label} scope="col">
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chronological.map((evaluation) => (
              <tr key={evaluation.id}>
                <th scope="row">{formatDay(evaluationDate(evaluation))}</th>
                {series.map(({ series: entry }) => {
                  const value = entry.value(evaluation);
                  return <td key={entry.label}>{value == null ? '-' : `${formatDecimal(value)} ${entry.unit}`}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
