import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildExercise, fakeJwt } from '../../../../testing/factories';
import { setToken, STORAGE_KEYS } from '../../../../lib/storage';
import { sessionRequest, setsOf, swapOf, type ExerciseSwap } from '../model/session';
import { addSet, endTrainSession, removeSet, startTrainSession, swapExercise, updateSet, useTrainSession } from './train-session';

const squat = buildExercise({ id: 101, series: 3, repeticoes: '10-12', carga: 30, atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null } });
const plank = buildExercise({ id: 102, series: 2, repeticoes: '40 s', carga: null, atividade: { titulo: 'Prancha', grupo_muscular: 'Abdômen', video: null } });

const signInAs = (userId: number) => setToken(STORAGE_KEYS.accessToken, fakeJwt({ user_id: userId }));

const hack: ExerciseSwap = { atividade_id: 44, titulo: 'Agachamento hack', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/hack' };

describe('the session kept on the device', () => {
  it('starts, keeps each change, and ends, for the client who started it', () => {
    signInAs(1);
    const { result } = renderHook(() => useTrainSession());
    expect(result.current).toBeNull();

    act(() => startTrainSession({ id: 7, titulo: 'Treino A' }));
    expect(result.current).toMatchObject({ userId: 1, workoutId: 7, workoutTitle: 'Treino A', sets: {} });
    act(() => updateSet(squat, 1, { carga: 35 }));
    act(() => updateSet(squat, 1, { feito_em: '2026-11-24T10:05:00.000Z' }));

    expect(setsOf(result.current!, squat)[1]).toEqual({ carga: 35, repeticoes: 10, feito_em: '2026-11-24T10:05:00.000Z' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trainSession)!)).toEqual(result.current);

    act(() => endTrainSession());
    expect(result.current).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.trainSession)).toBeNull();
  });

  it('adds a set like the last one, still to do, and removes one to do, never the only one', () => {
    signInAs(1);
    const { result } = renderHook(() => useTrainSession());
    act(() => startTrainSession({ id: 7, titulo: 'Treino A' }));
    act(() => updateSet(squat, 2, { carga: 32, feito_em: '2026-11-24T10:05:00.000Z' }));

    act(() => addSet(squat));
    expect(setsOf(result.current!, squat)).toEqual([
      { carga: 30, repeticoes: 10, feito_em: null },
      { carga: 30, repeticoes: 10, feito_em: null },
      { carga: 32, repeticoes: 10, feito_em: '2026-11-24T10:05:00.000Z' },
      { carga: 32, repeticoes: 10, feito_em: null },
    ]);

    // A set done stays; the one removed takes its number with it, and the sets are sent numbered again.
    act(() => removeSet(squat, 2));
    act(() => removeSet(squat, 0));
    expect(setsOf(result.current!, squat)).toEqual([
      { carga: 30, repeticoes: 10, feito_em: null },
      { carga: 32, repeticoes: 10, feito_em: '2026-11-24T10:05:00.000Z' },
      { carga: 32, repeticoes: 10, feito_em: null },
    ]);
    expect(sessionRequest(result.current!, [squat], new Date('2026-11-24T10:30:00.000Z')).series).toEqual([
      { exercicio_id: 101, numero: 2, carga: 32, repeticoes: 10, feito_em: '2026-11-24T10:05:00.000Z' },
    ]);

    act(() => removeSet(plank, 0));
    act(() => removeSet(plank, 0));
    expect(setsOf(result.current!, plank)).toHaveLength(1);
  });

  it('swaps an exercise for the day and back, its sets kept', () => {
    signInAs(1);
    const { result } = renderHook(() => useTrainSession());
    act(() => startTrainSession({ id: 7, titulo: 'Treino A' }));
    act(() => updateSet(squat, 0, { feito_em: '2026-11-24T10:05:00.000Z' }));

    act(() => swapExercise(squat, hack));
    expect(swapOf(result.current, squat)).toEqual(hack);
    expect(swapOf(result.current, plank)).toBeUndefined();
    expect(setsOf(result.current!, squat)[0]!.feito_em).toBe('2026-11-24T10:05:00.000Z');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trainSession)!)).toEqual(result.current);

    act(() => swapExercise(squat, null));
    expect(result.current!.swaps).toEqual({});
    expect(setsOf(result.current!, squat)[0]!.feito_em).toBe('2026-11-24T10:05:00.000Z');
  });

  it('reads a session saved before swaps as one without any', () => {
    signInAs(1);
    const saved = { userId: 1, id: 'c0ffee00-0000-4000-8000-000000000002', workoutId: 7, workoutTitle: 'Treino A', startedAt: '2026-11-24T10:00:00.000Z', sets: {} };
    localStorage.setItem(STORAGE_KEYS.trainSession, JSON.stringify(saved));
    expect(renderHook(() => useTrainSession()).result.current).toEqual({ ...saved, swaps: {} });
  });

  it('is not shown to another account signed in on the same phone', () => {
    signInAs(1);
    startTrainSession({ id: 7, titulo: 'Treino A' });
    signInAs(2);

    const { result } = renderHook(() => useTrainSession());

    expect(result.current).toBeNull();
  });

  it('is forgotten when what is stored cannot be read', () => {
    signInAs(1);
    localStorage.setItem(STORAGE_KEYS.trainSession, '{"id": 3');
    expect(renderHook(() => useTrainSession()).result.current).toBeNull();
    localStorage.setItem(STORAGE_KEYS.trainSession, JSON.stringify({ userId: 1, id: 'x' }));
    expect(renderHook(() => useTrainSession()).result.current).toBeNull();
  });
});
