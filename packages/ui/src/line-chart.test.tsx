import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from './line-chart';

const day = (isoDay: string, value: number) => ({ date: new Date(`${isoDay}T12:00:00`), value });

/** The labels written, left to right, with where each one is centred: the dates under the line, or the values over it. */
function written(points: ReturnType<typeof day>[], labels: 'dates' | 'values' = 'dates') {
  const { container } = render(<LineChart caption="Carga" colour="text-primary" points={points} />);
  return [...container.querySelectorAll(labels === 'dates' ? 'text.text-\\[11px\\]' : 'text.text-\\[12px\\]')].map((text) => ({
    label: text.textContent,
    x: Number(text.getAttribute('x')),
  }));
}

describe('LineChart', () => {
  it('writes every date when the points are far apart', () => {
    expect(written([day('2026-11-02', 30), day('2026-11-09', 32), day('2026-11-16', 34)]).map(({ label }) => label)).toEqual([
      '02/11',
      '09/11',
      '16/11',
    ]);
  });

  it('never writes two dates closer than a date is wide, and always the last one', () => {
    // Twice a week: the last two points are 34 apart on the chart.
    const points = ['2026-11-02', '2026-11-05', '2026-11-09', '2026-11-12', '2026-11-16', '2026-11-19', '2026-11-23', '2026-11-26'].map((isoDay, index) =>
      day(isoDay, 30 + index),
    );
    const dates = written(points);
    expect(dates.at(0)?.label).toBe('02/11');
    expect(dates.at(-1)?.label).toBe('26/11');
    expect(dates.map(({ label }) => label)).not.toContain('23/11');
    for (let index = 1; index < dates.length; index++) expect(dates[index]!.x - dates[index - 1]!.x).toBeGreaterThanOrEqual(40);
  });

  it('writes no two values side by side either', () => {
    const values = written([day('2026-11-02', 30), day('2026-11-09', 32), day('2026-11-16', 34), day('2026-11-23', 36), day('2026-11-25', 37)], 'values');
    expect(values.map(({ label }) => label)).toEqual(['30', '32', '34', '37']);
  });

  it('writes the one date of a single point', () => {
    expect(written([day('2026-11-26', 42)]).map(({ label }) => label)).toEqual(['26/11']);
  });
});
