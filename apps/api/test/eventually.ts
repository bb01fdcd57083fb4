import { vi } from 'vitest';

/**
 * Waits until the assertion holds, for as long as the test may run: its own timeout ends the wait,
 * never a guessed duration, so a busy machine makes a test slower but never makes it fail.
 */
export function eventually<T>(assertion: () => T | Promise<T>, interval = 10): Promise<T> {
  return vi.waitFor(assertion, { timeout: 10 * 60_000, interval });
}
