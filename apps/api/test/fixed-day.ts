import { afterAll, vi } from 'vitest';

/** The day the date-dependent API tests run on: a Thursday, at noon local time. */
export const FIXED_DAY = new Date(2026, 10, 26, 12);

/**
 * Starts this test file's clock at `at` and lets it run from there (only Date is faked: timers
 * and I/O stay real), so that what the tests expect and what the server computes share one today,
 * whatever day and hour the suite runs. Called at the top of the file, before tables built at
 * collection (`it.each`) read today.
 */
export function runOnAFixedDay(at: Date = FIXED_DAY) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
  afterAll(() => {
    vi.useRealTimers();
  });
}
