import { newUuid, type HistoryEntry } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../../testing/factories';
import { activityOf, plannedReps, sessionRequest, sessionSummary, setCounts, setsOf, type ExerciseSwap, type TrainSession } from './session';

const squat = buildExercise({ id: 101, series: 3, repeticoes: '10-12', carga: 30, atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null } });
const plank = buildExercise({ id: 102, series: 2, repeticoes: '40 s', carga: null, atividade: { titulo: 'Prancha', grupo_muscular: 'Abdômen', video: null } });

function session(sets: TrainSession['sets'] = {}, swaps: TrainSession['swaps'] = {}): TrainSession {
  return { userId: 1, id: newUuid(), workoutId: 7, workoutTitle: 'Treino A', startedAt: '2026-11-24T10:00:00.000Z', sets, swaps };
}

const hack: ExerciseSwap = { atividade_id: 44, titulo: 'Agachamento hack', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/hack' };

const history = (...rms: number[]): HistoryEntry[] =>
  rms.map((rm, index) => ({ sessao_id: String(index), data: '2026-11-01T10:00:00Z', carga: rm, repeticoes: 1, series: 3, rm_estimado: rm }));


describe('the sets of a session', () => {
  it("read the plan's reps as a number: the bottom of a range, the number in a text, 10 without one", () => {
    expect(plannedReps('10-12')).toBe(10);
    expect(plannedReps('12')).toBe(12);
    expect(plannedReps('40 s')).toBe(40);
    expect(plannedReps('até a falha')).toBe(10);
    expect(plannedReps('0')).toBe(1);
  });

  it("are the plan's until touched: one per series, with its load (0 without one) and reps, none done", () => {
    expect(setsOf(session(), squat)).toEqual(Array.from({ length: 3 }, () => ({ carga: 30, repeticoes: 10, feito_em: null })));
    expect(setsOf(session(), plank)).toEqual([
      { carga: 0, repeticoes: 40, feito_em: null },
      { carga: 0, repeticoes: 40, feito_em: null },
    ]);
  });

  it('are the same objects each time an untouched exercise is read, in any session: logging one set leaves the others as they were', () => {
    expect(setsOf(session(), squat)).toBe(setsOf(session(), squat));
  });

  it('count what is done over every exercise', () => {
    const trained = session({ 101: [{ carga: 30, repeticoes: 10, feito_em: '2026-11-24T10:05:00.000Z' }, { carga: 30, repeticoes: 10, feito_em: null }, { carga: 30, repeticoes: 10, feito_em: null }] });
    expect(setCounts(trained, [squat, plank])).toEqual({ done: 1, total: 5 });
  });

  it("are sent as the done ones of the plan's exercises, numbered within their exercise", () => {
    const trained = session({
      101: [
        { carga: 30, repeticoes: 10, feito_em: null },
        { carga: 32, repeticoes: 9, feito_em: '2026-11-24T10:07:00.000Z' },
        { carga: 30, repeticoes: 10, feito_em: null },
      ],
      // An exercise taken out of the plan since: its sets would have the whole session refused.
      999: [{ carga: 10, repeticoes: 10, feito_em: '2026-11-24T10:09:00.000Z' }],
    });

    expect(sessionRequest(trained, [squat, plank], new Date('2026-11-24T10:50:00.000Z'))).toEqual({
      id: trained.id,
      iniciado_em: '2026-11-24T10:00:00.000Z',
      concluido_em: '2026-11-24T10:50:00.000Z',
      series: [{ exercicio_id: 101, numero: 2, carga: 32, repeticoes: 9, feito_em: '2026-11-24T10:07:00.000Z' }],
      trocas: [],
    });
  });

  it('are sent with the swaps of the day: a library activity by its id, a written name as such', () => {
    const at = '2026-11-24T10:07:00.000Z';
    const trained = session(
      { 101: [{ carga: 40, repeticoes: 10, feito_em: at }], 102: [{ carga: 0, repeticoes: 30, feito_em: at }] },
      { 101: hack, 102: { atividade_id: null, titulo: 'Prancha lateral', grupo_muscular: 'Abdômen', video: null }, 999: hack },
    );
    expect(sessionRequest(trained, [squat, plank], new Date('2026-11-24T10:50:00.000Z')).trocas).toEqual([
      { exercicio_id: 101, atividade_id: 44 },
      { exercicio_id: 102, nome: 'Prancha lateral' },
    ]);
    expect(activityOf(trained, squat)).toBe(hack);
    expect(activityOf(trained, plank).titulo).toBe('Prancha lateral');
    expect(activityOf(session(), squat)).toBe(squat.atividade);
    expect(activityOf(null, squat)).toBe(squat.atividade);
  });

  it('end an hour after the last set when the session is concluded later than that (forgotten at the gym)', () => {
    const trained = session({ 101: [{ carga: 30, repeticoes: 10, feito_em: '2026-11-24T10:40:00.000Z' }] });

    expect(sessionRequest(trained, [squat], new Date('2026-11-24T11:20:00.000Z')).concluido_em).toBe('2026-11-24T11:20:00.000Z');
    expect(sessionRequest(trained, [squat], new Date('2026-11-25T08:00:00.000Z')).concluido_em).toBe('2026-11-24T11:40:00.000Z');
  });
});

describe('the summary', () => {
  const request = {
    id: newUuid(),
    iniciado_em: '2026-11-24T10:00:00.000Z',
    concluido_em: '2026-11-24T11:05:20.000Z',
    series: [
      { exercicio_id: 101, numero: 1, carga: 30, repeticoes: 12, feito_em: '2026-11-24T10:05:00.000Z' },
      { exercicio_id: 101, numero: 2, carga: 32.5, repeticoes: 10, feito_em: '2026-11-24T10:08:00.000Z' },
      { exercicio_id: 102, numero: 1, carga: 0, repeticoes: 40, feito_em: '2026-11-24T10:30:00.000Z' },
    ],
  };

  it('gives the minutes, the sets and the volume (load × reps)', () => {
    expect(sessionSummary(request, [squat, plank], () => undefined)).toMatchObject({ minutes: 65, sets: 3, volume: 685, records: [] });
  });

  it("names an exercise whose best set (estimated one-rep max) beats every earlier session's", () => {
    // 32.5 × 10 -> 43.3; 30 × 12 -> 42.
    expect(sessionSummary(request, [squat, plank], (id) => (id === 101 ? history(40, 43.2) : undefined)).records).toEqual([
      { title: 'Agachamento livre', carga: 32.5, repeticoes: 10 },
    ]);
    expect(sessionSummary(request, [squat, plank], (id) => (id === 101 ? history(40, 43.3) : undefined)).records).toEqual([]);
  });

  it('names the best set as the API picks it (bestSet): of two equal one-rep maxes, the heavier load', () => {
    // 30 × 12 and 36 × 5 both -> 42.
    const tied = {
      ...request,
      series: [
        { exercicio_id: 101, numero: 1, carga: 30, repeticoes: 12, feito_em: '2026-11-24T10:05:00.000Z' },
        { exercicio_id: 101, numero: 2, carga: 36, repeticoes: 5, feito_em: '2026-11-24T10:08:00.000Z' },
      ],
    };
    expect(sessionSummary(tied, [squat], () => history(40)).records).toEqual([{ title: 'Agachamento livre', carga: 36, repeticoes: 5 }]);
  });

  it('sets no record for an exercise done for the first time', () => {
    expect(sessionSummary(request, [squat, plank], () => [])).toMatchObject({ records: [] });
  });

  it("sets no record for an exercise swapped for the day: its history is the planned activity's", () => {
    const swapped = { ...request, trocas: [{ exercicio_id: 101, atividade_id: 44 }] };
    expect(sessionSummary(swapped, [squat, plank], () => history(10))).toMatchObject({ volume: 685, records: [] });
  });
});
