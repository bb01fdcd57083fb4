import type { ReactNode } from 'react';
import { formatDayMonth } from './dates';
import { formatDecimal } from './format';

const WIDTH = 320;
const HEIGHT = 132;
const PAD = { top: 24, right: 24, bottom: 24, left: 24 };
/** The least distance between two labels side by side ('26/11' is about 30 wide at 11 px, '102,5' at 12 px bold). */
const LABEL_GAP = 40;

export interface ChartPoint {
  date: Date;
  value: number;
}

/** Places the points: time runs left to right, the values' own range bottom to top. */
function plot(points: readonly ChartPoint[]) {
  const times = points.map((point) => point.date.getTime());
  const values = points.map((point) => point.value);
  const [minTime, maxTime] = [Math.min(...times), Math.max(...times)];
  const [minValue, maxValue] = [Math.min(...values), Math.max(...values)];
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  return points.map(({ value, date }) => ({
    value,
    date,
    x: PAD.left + (maxTime === minTime ? innerWidth / 2 : ((date.getTime() - minTime) / (maxTime - minTime)) * innerWidth),
    y: PAD.top + (maxValue === minValue ? innerHeight / 2 : ((maxValue - value) / (maxValue - minValue)) * innerHeight),
  }));
}

/**
 * The points that may be labelled: the last one, and from the first on each one far enough from the one
 * before it and from the last, so that no two labels touch however the sessions fall in time (weekly,
 * then two days apart).
 */
function spacedPoints(placed: readonly { x: number }[]): Set<number> {
  const last = placed.length - 1;
  const spaced = new Set([last]);
  let previous = -Infinity;
  placed.slice(0, last).forEach(({ x }, index) => {
    if (x - previous < LABEL_GAP || placed[last]!.x - x < LABEL_GAP) return;
    spaced.add(index);
    previous = x;
  });
  return spaced;
}

/**
 * A small line chart of values over time, for the eye only (hidden from screen readers: the
 * screen that shows it gives the same numbers in a table). `colour` is a Tailwind text colour:
 * the line and dots are drawn in currentColor.
 */
export function LineChart({ caption, points, colour }: { caption: ReactNode; points: readonly ChartPoint[]; colour: string }) {
  const placed = plot(points);
  const spaced = spacedPoints(placed);
  // With many points only the first and last values are written: a line of numbers is not read.
  const labelled = (index: number) => spaced.has(index) && (placed.length <= 5 || index === 0 || index === placed.length - 1);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex flex-col">{caption}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={`w-full ${colour}`} aria-hidden>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom + 6}
          y2={HEIGHT - PAD.bottom + 6}
          className="stroke-border"
          strokeWidth={1}
        />
        <polyline
          points={placed.map((point) => `${point.x},${point.y}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth={3}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        {placed.map((point, index) => (
          <g key={`${point.date.toISOString()}-${index}`}>
            <circle cx={point.x} cy={point.y} r={5} className="fill-card" stroke="currentColor" strokeWidth={3} />
            {labelled(index) && (
              <text x={point.x} y={point.y - 11} textAnchor="middle" className="fill-foreground text-[12px] font-bold">
                {formatDecimal(point.value)}
              </text>
            )}
            {spaced.has(index) && (
              <text x={point.x} y={HEIGHT - 2} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                {formatDayMonth(point.date)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </figure>
  );
}
