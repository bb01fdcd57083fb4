import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../testing/factories';
import { estimatedMinutes, SECONDS_PER_REP, setWorkSeconds } from './workout-duration';

describe('setWorkSeconds', () => {
  it.each([
    ['12', 12 * SECONDS_PER_REP],
    ['10-12', 11 * SECONDS_PER_REP],
    ['15-20', 17.5 * SECONDS_PER_REP],
    ['8 a 10', 9 * SECONDS_PER_REP],
    ['40 s', 40],
    ['30s', 30],
    ['45 seg', 45],
    ['1 min', 60],
    ['1,5 min', 90],
    ['10 cada perna', 20 * SECONDS_PER_REP],
    ['30 s cada lado', 60],
    ['Até a falha', 10 * SECONDS_PER_REP],
  ])('reads %j as %d seconds of work', (repeticoes, seconds) => {
    expect(setWorkSeconds(repeticoes)).toBe(seconds);
  });
});

describe('estimatedMinutes', () => {
  it('adds, for every set, its work and its rest, and rounds to 5 minutes', () => {
    // 4 × (11 × 3 s + 90 s) = 492 s; 3 × (40 s + 30 s) = 210 s; 702 s is 11.7 min, about 10.
    const exercises = [
      buildExercise({ series: 4, repeticoes: '10-12', tempo_descanso: 90 }),
      buildExercise({ series: 3, repeticoes: '40 s', tempo_descanso: 30 }),
    ];
    expect(estimatedMinutes(exercises)).toBe(10);
  });

  it("gives ana's demo lower-body workout about 45 minutes", () => {
    const exercises = [
      [4, '10-12', 90],
      [4, '12', 90],
      [3, '15', 60],
      [3, '12', 75],
      [3, '12', 60],
      [4, '12', 75],
      [4, '15-20', 45],
    ].map(([series, repeticoes, tempo_descanso]) => buildExercise({ series: Number(series), repeticoes: String(repeticoes), tempo_descanso: Number(tempo_descanso) }));
    // 2,766 s: 46 minutes.
    expect(estimatedMinutes(exercises)).toBe(45);
  });

  it('says at least 5 minutes for a short one, and 0 for none', () => {
    expect(estimatedMinutes([buildExercise({ series: 1, repeticoes: '10', tempo_descanso: 0 })])).toBe(5);
    expect(estimatedMinutes([])).toBe(0);
  });

  it('counts a set at least, and no negative rest, from a plan written oddly', () => {
    expect(estimatedMinutes([buildExercise({ series: 0, repeticoes: '100', tempo_descanso: -30 })])).toBe(5);
  });
});
