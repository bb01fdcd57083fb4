import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastDoneLabel } from './last-done';

describe('lastDoneLabel', () => {
  // A fixed clock: Thursday 2026-11-26, 08:00 on the device.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 8, 0));
  });
  afterEach(() => vi.useRealTimers());

  const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();

  it.each([
    [at(26, 7), 'Feito hoje'],
    [at(25, 23), 'Feito ontem'],
    [at(23, 18), 'Feito há 3 dias'],
    [at(12, 18), 'Feito há 14 dias'],
  ])('says a session started at %s was %j', (start, label) => {
    expect(lastDoneLabel(start)).toBe(label);
  });

  it('says a workout never done is not done yet', () => {
    expect(lastDoneLabel(null)).toBe('Ainda não feito');
  });
});
