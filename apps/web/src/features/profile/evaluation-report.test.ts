import type { Evaluation } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { reportFileName, reportTables } from './evaluation-report';

const evaluation = (day: number, extra: Partial<Evaluation> = {}): Evaluation => ({
  id: day,
  plano: 'ULTIMATE',
  vencimento: '2026-12-31',
  created_at: `2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  peso: 80 - day / 10,
  altura: 175,
  objetivo: 'Hipertrofia',
  consumo_ideal_agua: null,
  observacoes: null,
  profissional: null,
  ...extra,
});

const latestFirst = (count: number) => Array.from({ length: count }, (_, index) => evaluation(count - index));

describe('reportTables', () => {
  it.each([
    [1, [1]],
    [4, [4]],
    [9, [4, 4, 1]],
  ])('puts %i evaluations in tables of at most 4 columns', (count, columns) => {
    const tables = reportTables(latestFirst(count));
    expect(tables.map((table) => table.head.length - 1)).toEqual(columns);
  });

  it('puts the oldest evaluation on the left', () => {
    const [table] = reportTables(latestFirst(3));
    expect(table?.head).toEqual(['', '01/01/2026', '02/01/2026', '03/01/2026']);
  });

  it('shows weight, height and BMI always, and a measurement only when some evaluation has it', () => {
    const [table] = reportTables([evaluation(2, { percentual_gordura: 18.5 }), evaluation(1, { peso: 70, altura: 175 })]);
    expect(table?.body.map((row) => row[0])).toEqual(['Plano', 'Peso', 'Altura', 'IMC', 'Gordura corporal']);
    expect(table?.body.find((row) => row[0] === 'Gordura corporal')).toEqual(['Gordura corporal', '-', '18,5 %']);
    expect(table?.body.find((row) => row[0] === 'IMC')?.[1]).toBe('22,9');
  });
});

describe('reportFileName', () => {
  it('is the latest evaluation date as dd-MM-yyyy.pdf', () => {
    expect(reportFileName(evaluation(15, { created_at: '2026-03-15T10:00:00.000Z' }))).toBe('15-03-2026.pdf');
  });
});
