import { describe, expect, it } from 'vitest';
import { parseDecimal } from './number.js';
import { exerciseReadSchema } from './read.js';

describe('parseDecimal, the one reader of decimal text', () => {
  it.each([
    ['32,5', 32.5],
    ['32.5', 32.5],
    ['30', 30],
    ['0', 0],
    ['0,25', 0.25],
    ['007', 7],
    [' 22,5 ', 22.5],
    ['9999', 9999],
  ])("reads '%s' as %s", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each(['', '   ', '1e3', '1E3', '1.000,5', '1,000.5', '1.000.000', '3,,5', '32,', ',5', '.5', '5.', '-5', '+5', 'Infinity', 'NaN', '0x10', '32 kg', '3 2', 'trinta'])(
    "refuses '%s'",
    (text) => {
      expect(parseDecimal(text)).toBeNull();
    },
  );

  it('takes a minus sign only when asked to', () => {
    expect(parseDecimal('-2,5', { signed: true })).toBe(-2.5);
    expect(parseDecimal('-2,5')).toBeNull();
    expect(parseDecimal('+2,5', { signed: true })).toBeNull();
    expect(parseDecimal('-', { signed: true })).toBeNull();
  });

  it('refuses digits too many to be a number', () => {
    expect(parseDecimal('9'.repeat(400))).toBeNull();
  });
});

describe("the API answers' readers", () => {
  const exercise = (carga: unknown) => ({ id: 1, series: 3, repeticoes: '10', carga, tempo_descanso: 60, atividade: { titulo: 'Supino' } });

  it('read a number sent as text with a comma or a dot, as the parser does', () => {
    expect(exerciseReadSchema.parse(exercise('32,5')).carga).toBe(32.5);
    expect(exerciseReadSchema.parse(exercise('32.5')).carga).toBe(32.5);
    expect(exerciseReadSchema.parse(exercise(' 30 ')).carga).toBe(30);
    expect(exerciseReadSchema.parse(exercise(32.5)).carga).toBe(32.5);
  });

  it("read what the parser refuses as unreadable: an optional field as null, a required one fails the item", () => {
    for (const carga of ['1e3', '1.000,5', '']) expect(exerciseReadSchema.parse(exercise(carga)).carga).toBeNull();
    expect(exerciseReadSchema.safeParse({ ...exercise(30), series: '1e3' }).success).toBe(false);
  });
});
