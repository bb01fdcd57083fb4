import type { Page } from '@playwright/test';
import { parseISO, set } from 'date-fns';

/** The run's day, YYYY-MM-DD: playwright.config.ts picks it once, and the server dates its demo data from it. */
export const RUN_DAY = process.env.E2E_TODAY!;

/** A time of the run's day on the local calendar, which the browser, the server and the specs share. */
export function onRunDay(hours = 12, minutes = 0): Date {
  return set(parseISO(RUN_DAY), { hours, minutes, seconds: 0 });
}

/**
 * Starts the page's clock at noon of the run's day, running from there: the app's today is the day
 * the demo data was seeded for, on any day of the week and even when the run crosses midnight.
 * Called before the page loads; the specs still move the clock on with runFor and fastForward.
 */
export async function startOnRunDay(page: Page) {
  await page.clock.install({ time: onRunDay() });
}
