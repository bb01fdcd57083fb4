import { describe, expect, it } from 'vitest';
import { buildDiet, buildWorkout } from '../../../testing/factories';
import { dietOfKind, todaysDietLine, todaysKind } from './todays-diet';

// Local dates: 2026-11-25 is a Wednesday, 2026-11-29 a Sunday.
const wednesday = new Date(2026, 10, 25, 9);
const sunday = new Date(2026, 10, 29, 9);
const workouts = [buildWorkout({ id: 1, dias: ['SEGUNDA', 'QUINTA'] }), buildWorkout({ id: 2, dias: ['QUARTA', 'SABADO'] })];
const training = buildDiet({ id: 1, is_dia_de_treino: true });
const rest = buildDiet({ id: 2, is_dia_de_treino: false });

describe('todaysKind', () => {
  it("is a training day when a workout is planned for today's weekday, else a rest day", () => {
    expect(todaysKind(workouts, wednesday)).toBe('training');
    expect(todaysKind(workouts, sunday)).toBe('rest');
  });

  it('is unknown without workouts', () => {
    expect(todaysKind(undefined, wednesday)).toBeNull();
    expect(todaysKind([], wednesday)).toBeNull();
  });
});

describe('todaysDietLine', () => {
  it.each([
    ['training', training, { today: 'Hoje é dia de treino', text: 'Esta é a sua dieta de hoje.', isToday: true }],
    ['training', rest, { today: 'Hoje é dia de treino', text: 'Hoje vale a dieta para dias de treino.', isToday: false }],
    ['rest', rest, { today: 'Hoje é dia de descanso', text: 'Esta é a sua dieta de hoje.', isToday: true }],
    ['rest', training, { today: 'Hoje é dia de descanso', text: 'Hoje vale a dieta para dias sem treino.', isToday: false }],
    [null, training, { today: null, text: 'Siga esta dieta nos dias em que você treinar.', isToday: null }],
    [null, rest, { today: null, text: 'Siga esta dieta nos dias sem treino.', isToday: null }],
  ] as const)('on a %s day says of %o', (kind, diet, line) => {
    expect(todaysDietLine(diet, kind)).toEqual(line);
  });
});

describe('dietOfKind', () => {
  it("finds the plan's diet for a kind of day", () => {
    expect(dietOfKind([training, rest], 'rest')).toBe(rest);
    expect(dietOfKind([training], 'rest')).toBeUndefined();
  });
});
