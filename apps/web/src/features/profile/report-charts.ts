import type { jsPDF } from 'jspdf';
import { formatMonthYear } from '@acompanha/ui/dates';
import { formatChange, formatMeasure, type ReportChart } from './report-model';
import type { Rgb } from './report-settings';

export interface ChartFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const INK: Rgb = [17, 24, 39];
export const MUTED: Rgb = [71, 85, 105];
export const RULE: Rgb = [219, 227, 223];

/** A step of 1, 2 or 5 times a power of ten that cuts the range into about `count` parts. */
function niceStep(range: number, count: number): number {
  const rough = range / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/**
 * Grid values around the data, with some room above and below for the values' labels: the axis
 * starts near the lowest value, not at zero, so a change of 1 cm shows.
 */
function axisTicks(values: readonly number[]): number[] {
  const pad = Math.max(Math.max(...values) - Math.min(...values), 1) * 0.15;
  const low = Math.min(...values) - pad;
  const high = Math.max(...values) + pad;
  const step = niceStep(high - low, 3);
  const ticks = [Math.floor(low / step) * step];
  while (ticks.at(-1)! < high) ticks.push(ticks.at(-1)! + step);
  return ticks;
}

/**
 * One chart in vector strokes and real text, so it prints sharp and its numbers can be read aloud
 * or copied: the change since the first measurement under the title, a light grid, the evaluations'
 * dates along a time axis, the line with its dots, and the first and last values.
 */
export function drawChart(doc: jsPDF, chart: ReportChart, frame: ChartFrame, colour: Rgb) {
  const { x, y, width, height } = frame;
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  doc.roundedRect(x, y, width, height, 2, 2, 'S');

  const first = chart.points[0]!;
  const last = chart.points.at(-1)!;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(8.5);
  doc.setTextColor(...INK);
  doc.text(chart.title, x + 3.5, y + 6.5);
  doc.setFontSize(8);
  doc.setTextColor(...colour);
  doc.text(`${formatChange(first.value, last.value)} ${chart.changeUnit}`, x + 3.5, y + 11);

  const plot = { left: x + 11, right: x + width - 3, top: y + 16.5, bottom: y + height - 8.5 };
  // The dots sit inside the grid, clear of the axis' labels on the left and with room for the last value on the right.
  const inset = { left: 4, right: 9 };
  const ticks = axisTicks(chart.points.map((point) => point.value));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const yOf = (value: number) => plot.bottom - ((value - low) / (high - low)) * (plot.bottom - plot.top);
  const start = first.date.getTime();
  const span = last.date.getTime() - start;
  const xOf = (date: Date) =>
    span === 0
      ? (plot.left + plot.right) / 2
      : plot.left + inset.left + ((date.getTime() - start) / span) * (plot.right - plot.left - inset.left - inset.right);

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(6.5);
  doc.setTextColor(...MUTED);
  doc.setLineWidth(0.2);
  doc.setDrawColor(...RULE);
  for (const tick of ticks) {
    doc.line(plot.left, yOf(tick), plot.right, yOf(tick));
    doc.text(formatMeasure(tick).replace(/,0$/, ''), plot.left - 2, yOf(tick) + 1, { align: 'right' });
  }

  // The first and the last dates always; one between them only where it clears its neighbours.
  const dates = chart.points.map((point) => ({ text: formatMonthYear(point.date), centre: xOf(point.date) }));
  const gap = doc.getTextWidth(dates[0]!.text) + 2;
  const firstLabel = dates[0]!;
  const lastLabel = dates.at(-1)!;
  const shown = [firstLabel];
  for (const label of dates.slice(1, -1)) {
    if (label.centre - shown.at(-1)!.centre >= gap && lastLabel.centre - label.centre >= gap) shown.push(label);
  }
  if (lastLabel.centre - firstLabel.centre >= gap) shown.push(lastLabel);
  for (const label of shown) doc.text(label.text, label.centre, plot.bottom + 5, { align: 'center' });

  const points = chart.points.map((point) => ({ x: xOf(point.date), y: yOf(point.value) }));
  doc.setDrawColor(...colour);
  doc.setLineWidth(0.7);
  points.slice(1).forEach((point, index) => doc.line(points[index]!.x, points[index]!.y, point.x, point.y));
  doc.setFillColor(...colour);
  doc.setDrawColor(255, 255, 255);
  doc.setLineWidth(0.4);
  for (const point of points) doc.circle(point.x, point.y, 1.1, 'FD');

  // The first value over or under its dot, away from the line where there is room; the last one
  // to the right of its dot. A white ground keeps a line from running through them.
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(7);
  const origin = points[0]!;
  const below = points[1]!.y < origin.y && origin.y + 4.6 <= plot.bottom;
  const values = [
    { text: formatMeasure(first.value), x: origin.x, y: below ? origin.y + 4.2 : origin.y - 2.6, align: 'center' as const },
    { text: formatMeasure(last.value), x: points.at(-1)!.x + 1.8, y: points.at(-1)!.y + 1.2, align: 'left' as const },
  ];
  for (const label of values) {
    const textWidth = doc.getTextWidth(label.text);
    const left = label.align === 'center' ? label.x - textWidth / 2 : label.x;
    // PDF paints text with the fill colour: both are set again for each label.
    doc.setFillColor(255, 255, 255);
    doc.setTextColor(...colour);
    doc.rect(left - 0.6, label.y - 2.6, textWidth + 1.2, 3.2, 'F');
    doc.text(label.text, label.x, label.y, { align: label.align });
  }
}
