import { describe, expect, it } from 'vitest';
import { formatWeekdays, weekdayOf } from './weekdays.js';
import { normalizeWeekday } from './workouts.js';

describe('weekdays', () => {
  it('names the local weekday of a date, Monday to Sunday', () => {
    expect(weekdayOf(new Date(2026, 2, 16))).toBe('SEGUNDA');
    expect(weekdayOf(new Date(2026, 2, 21))).toBe('SABADO');
    expect(weekdayOf(new Date(2026, 2, 22))).toBe('DOMINGO');
  });

  it('accepts the accented spellings of the codes, through the one normaliser of the contract', () => {
    expect(normalizeWeekday('TERÇA')).toBe('TERCA');
    expect(normalizeWeekday('Sábado')).toBe('SABADO');
    expect(normalizeWeekday('FERIADO')).toBeUndefined();
  });

  it('lists days in week order, joined with commas', () => {
    expect(formatWeekdays(['SÁBADO', 'QUARTA', 'SEGUNDA'])).toBe('Segunda, Quarta, Sábado');
    expect(formatWeekdays(['TERCA', 'TERÇA', 'FERIADO'])).toBe('Terça');
  });
});
