import { describe, expect, it } from 'vitest';
import { mergeWaterLogs, waterDayRequestOf, waterLogOf, type WaterLog } from './water.js';

const log = (glasses: number[], resetAt: number | null = null): WaterLog => ({ glasses, resetAt });

describe("mergeWaterLogs, two copies of a day's water made one", () => {
  it('keeps every glass of either once, oldest first', () => {
    expect(mergeWaterLogs(log([30, 10]), log([20, 10]))).toEqual(log([10, 20, 30]));
  });

  it("keeps no glass at or before the later 'Recomeçar'", () => {
    expect(mergeWaterLogs(log([10, 20, 40], 15), log([30], 20))).toEqual(log([30, 40], 20));
    expect(mergeWaterLogs(log([10, 20]), log([], 10))).toEqual(log([20], 10));
  });

  it('gives the same day in any order, merged again or not (devices and retries)', () => {
    const a = log([5, 50, 70], 40);
    const b = log([60, 45], null);
    const c = log([80], 55);
    const once = mergeWaterLogs(mergeWaterLogs(a, b), c);
    expect(mergeWaterLogs(c, mergeWaterLogs(b, a))).toEqual(once);
    expect(mergeWaterLogs(once, once)).toEqual(once);
    expect(once).toEqual(log([60, 70, 80], 55));
  });

  it('keeps the earliest glasses up to the limit', () => {
    expect(mergeWaterLogs(log([4, 3]), log([2, 1]), 3)).toEqual(log([1, 2, 3]));
  });

  it("turns the API's day into a log and back", () => {
    const day = { registros: ['2026-12-02T08:00:00.000Z', '2026-12-02T10:30:00.000Z'], recomecado_em: '2026-12-02T07:00:00.000Z' };
    expect(waterDayRequestOf(waterLogOf(day))).toEqual(day);
    expect(waterLogOf({ registros: [], recomecado_em: null })).toEqual(log([], null));
  });
});
