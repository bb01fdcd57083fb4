import { describe, expect, it } from 'vitest';
import { bestSet, isRecord, latestIsRecord } from './records.js';
import { estimatedOneRepMax, type HistoryEntry } from './sessions.js';

const set = (carga: number, repeticoes: number, numero = 1) => ({ carga, repeticoes, numero });

/** A history, oldest first, of sessions whose best sets have these estimated one-rep maxes. */
const history = (...rms: number[]): HistoryEntry[] =>
  rms.map((rm, index) => ({ sessao_id: `s${index}`, data: `2026-11-${String(index + 1).padStart(2, '0')}T12:00:00.000Z`, carga: rm, repeticoes: 1, series: 3, rm_estimado: rm }));

describe('bestSet', () => {
  it('is the set with the highest estimated one-rep max, wherever it is', () => {
    // 30 × 12 -> 42; 32.5 × 10 -> 43.3; 35 × 6 -> 42.
    expect(bestSet([set(30, 12, 1), set(32.5, 10, 2), set(35, 6, 3)])).toEqual(set(32.5, 10, 2));
  });

  it('of two equal one-rep maxes, is the heavier load, first or last', () => {
    // 30 × 12 and 36 × 5 both -> 42.
    expect(estimatedOneRepMax(30, 12)).toBe(estimatedOneRepMax(36, 5));
    expect(bestSet([set(30, 12, 1), set(36, 5, 2)])).toEqual(set(36, 5, 2));
    expect(bestSet([set(36, 5, 1), set(30, 12, 2)])).toEqual(set(36, 5, 1));
  });

  it('compares the one-rep max to one decimal, as it is shown', () => {
    // 40 × 1 -> 40; 30 × 10 -> 40 exactly; 32.5 × 7 -> 40.08, shown 40.1.
    expect(bestSet([set(30, 10, 1), set(40, 1, 2)])).toEqual(set(40, 1, 2));
    expect(bestSet([set(40, 1, 1), set(32.5, 7, 2)])).toEqual(set(32.5, 7, 2));
  });

  it('of equal one-rep maxes and loads, is the one with more reps', () => {
    // Without a load every set's one-rep max is 0.
    expect(bestSet([set(0, 10, 1), set(0, 15, 2), set(0, 12, 3)])).toEqual(set(0, 15, 2));
  });

  it('of sets alike, is the earlier one', () => {
    const first = set(30, 10, 1);
    const second = set(30, 10, 2);
    expect(bestSet([first, second])).toBe(first);
  });

  it('is undefined for no sets', () => {
    expect(bestSet([])).toBeUndefined();
  });
});

describe('records', () => {
  it('a session sets one when its one-rep max beats every earlier session', () => {
    expect(isRecord(42, history(34.7, 39))).toBe(true);
    expect(isRecord(39.5, history(34.7, 40, 39))).toBe(false);
  });

  it('equalling the best is no record', () => {
    expect(isRecord(42, history(34.7, 42))).toBe(false);
  });

  it('a first session sets none: there is nothing to beat', () => {
    expect(isRecord(42, [])).toBe(false);
  });

  it("'Novo recorde' is the latest session's alone: a lighter or partial session after a record takes it away", () => {
    expect(latestIsRecord(history(34.7, 39, 42))).toBe(true);
    expect(latestIsRecord(history(34.7, 42, 31.7))).toBe(false);
    // An earlier session that was a record in its day is not the latest.
    expect(latestIsRecord(history(34.7, 42, 40))).toBe(false);
    expect(latestIsRecord(history(42))).toBe(false);
    expect(latestIsRecord([])).toBe(false);
  });

  it('the best ever is the best of the sessions, whatever came after it', () => {
    const sessions = history(34.7, 42, 31.7);
    expect(bestSet(sessions)).toBe(sessions[1]);
  });

  it('of sessions equal at their best, the best ever is the first to reach it', () => {
    const sessions = history(42, 42);
    expect(bestSet(sessions)).toBe(sessions[0]);
  });
});
