import type { SessionRequest } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../../testing/factories';
import { exercisesLeft } from './progress';
import { exerciseLines, formatChange, summaryText, volumeChange, workLeftQuestion } from './summary';

const squat = buildExercise({ id: 1, series: 2, atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null } });
const calf = buildExercise({ id: 2, series: 1, atividade: { titulo: 'Panturrilha em pé', grupo_muscular: 'Panturrilha', video: null } });
const at = '2026-03-10T18:40:00.000Z';

describe('the end of a session', () => {
  it('compares the volume with the last session in whole percent, and not without one', () => {
    expect(volumeChange(540, 500)).toBe(8);
    expect(volumeChange(475, 500)).toBe(-5);
    expect(volumeChange(500, null)).toBeNull();
    expect(volumeChange(500, 0)).toBeNull();
    expect([8, -5, 0].map(formatChange)).toEqual(['+8 %', '−5 %', '0 %']);
  });

  it('counts the exercises with a set still to do, and asks in the singular for one', () => {
    const session = {
      userId: 1,
      id: 's',
      workoutId: 7,
      workoutTitle: 'Treino A',
      startedAt: at,
      sets: { 1: [{ carga: 30, repeticoes: 10, feito_em: at }, { carga: 30, repeticoes: 10, feito_em: at }] },
      swaps: {},
    };
    expect(exercisesLeft(session, [squat, calf])).toBe(1);
    expect(exercisesLeft({ ...session, sets: {} }, [squat, calf])).toBe(2);
    expect(workLeftQuestion(1)).toBe('Falta 1 exercício. Concluir assim mesmo?');
    expect(workLeftQuestion(3)).toBe('Faltam 3 exercícios. Concluir assim mesmo?');
  });

  it('writes a line per exercise, named by what was done, and the text shared', () => {
    const session = {
      userId: 1,
      id: 's',
      workoutId: 7,
      workoutTitle: 'Treino A',
      startedAt: at,
      sets: {},
      swaps: { 1: { atividade_id: null, titulo: 'Agachamento no smith', grupo_muscular: 'Quadríceps', video: null } },
    };
    const request: SessionRequest = {
      id: 's',
      iniciado_em: at,
      concluido_em: at,
      series: [
        { exercicio_id: 1, numero: 1, carga: 30, repeticoes: 10, feito_em: at },
        { exercicio_id: 1, numero: 2, carga: 32.5, repeticoes: 8, feito_em: at },
      ],
    };
    const lines = exerciseLines(session, request, [squat, calf]);
    expect(lines).toEqual([
      { title: 'Agachamento no smith', swappedFrom: 'Agachamento livre', sets: '30 kg × 10 · 32,5 kg × 8' },
      { title: 'Panturrilha em pé', swappedFrom: null, sets: null },
    ]);
    expect(
      summaryText({
        workoutTitle: 'Treino A - Inferiores',
        minutes: 65,
        sets: 2,
        volume: 560,
        change: 12,
        records: [{ title: 'Agachamento livre', carga: 32.5, repeticoes: 8 }],
        lines,
      }),
    ).toBe(
      [
        'Treino A - Inferiores: treino concluído no Acompanha',
        '1 h 5 min · 2 séries · 560 kg (+12 % que o último treino)',
        'Novo recorde: Agachamento livre, 32,5 kg × 8',
        '',
        'Agachamento no smith (no lugar de Agachamento livre): 30 kg × 10 · 32,5 kg × 8',
        'Panturrilha em pé: não feito',
      ].join('\n'),
    );
  });
});
