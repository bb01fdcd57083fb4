/** The server's calendar dates, `YYYY-MM-DD`: the one place that turns days into dates. */

/** A local calendar date `n` days from today, as `YYYY-MM-DD`. */
export function daysFromToday(n: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + n);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Adds `n` days to a `YYYY-MM-DD` date. */
export function addDays(date: string, n: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + n)).toISOString().slice(0, 10);
}
