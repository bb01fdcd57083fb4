import type { Evaluation } from '@acompanha/contract';
import { format } from 'date-fns';
import { evaluationDate } from '../evaluation-report';
import { formatDay, formatDecimal } from '../format';

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

const WIDTH = 320;
const HEIGHT = 132;
const PAD = { top: 24, right: 24, bottom: 24, left: 24 };

interface Point {
  x: number;
  y: number;
  value: number;
  date: Date;
}

/** Places the measured points: time runs left to right, the series' own range bottom to top. */
function plot(evaluations: readonly Evaluation[], series: Series): Point[] {
  const measured = evaluations.flatMap((evaluation) => {
    const value = series.value(evaluation);
    return value == null ? [] : [{ value, date: evaluationDate(evaluation) }];
  });
  if (measured.length === 0) return [];
  const times = measured.map((point) => point.date.getTime());
  const values = measured.map((point) => point.value);
  const [minTime, maxTime] = [Math.min(...times), Math.max(...times)];
  const [minValue, maxValue] = [Math.min(...values), Math.max(...values)];
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  return measured.map(({ value, date }) => ({
    value,
    date,
    x: PAD.left + (maxTime === minTime ? innerWidth / 2 : ((date.getTime() - minTime) / (maxTime - minTime)) * innerWidth),
    y: PAD.top + (maxValue === minValue ? innerHeight / 2 : ((maxValue - value) / (maxValue - minValue)) * innerHeight),
  }));
}

function change(points: Point[], unit: string): string | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  const delta = last.value - first.value;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(delta))} ${unit} desde ${formatDay(first.date)}`;
}

function SeriesChart({ points, series }: { points: Point[]; series: Series }) {
  // With many evaluations only the first and last values are written, so that labels never collide.
  const labelled = (index: number) => points.length <= 5 || index === 0 || index === points.length - 1;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex flex-col">
        <span className="text-small font-bold">
          {series.label} ({series.unit})
        </span>
        <span className="text-caption text-muted-foreground">{change(points, series.unit)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={`w-full ${series.colour}`} aria-hidden>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom + 6}
          y2={HEIGHT - PAD.bottom + 6}
          className="stroke-border"
          strokeWidth={1}
        />
        <polyline
          points={points.map((point) => `${point.x},${point.y}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth={3}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        {points.map((point, index) => (
          <g key={point.date.toISOString()}>
            <circle cx={point.x} cy={point.y} r={5} className="fill-card" stroke="currentColor" strokeWidth={3} />
            {labelled(index) && (
              <text x={point.x} y={point.y - 11} textAnchor="middle" className="fill-foreground text-[12px] font-bold">
                {formatDecimal(point.value)}
              </text>
            )}
            <text x={point.x} y={HEIGHT - 2} textAnchor="middle" className="fill-muted-foreground text-[11px]">
              {format(point.date, 'dd/MM')}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/**
 * Weight, and body fat when measured, across the client's evaluations. The drawing is for the eye;
 * a table with the same numbers is there for screen readers.
 */
export function ProgressChart({ evaluations }: { evaluations: readonly Evaluation[] }) {
  const chronological = [...evaluations].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const series = [WEIGHT, BODY_FAT]
    .map((entry) => ({ series: entry, points: plot(chronological, entry) }))
    .filter(({ points }) => points.length >= 2);
  if (series.length === 0) return null;

  return (
    <section aria-labelledby="progress-title" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id="progress-title" className="text-title font-bold tracking-tight">
        Sua evolução
      </h2>
      {series.map(({ series: entry, points }) => (
        <SeriesChart key={entry.label} series={entry} points={points} />
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
