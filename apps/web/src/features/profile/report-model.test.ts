import type { Evaluation } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { BMI_BANDS, BODY_FAT_BANDS, bandOf } from './report-classification';
import { closing, formatChange, highlights, reportCharts, reportTables } from './report-model';

const evaluation = (day: number, extra: Partial<Evaluation> = {}): Evaluation =>
  buildEvaluation({ id: day, created_at: `2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`, peso: 80 - day / 10, altura: 175, ...extra });

const latestFirst = (count: number) => {
  const [latest, ...rest] = Array.from({ length: count }, (_, index) => evaluation(count - index));
  return [latest!, ...rest] as [Evaluation, ...Evaluation[]];
};

describe('reportTables', () => {
  it.each([
    [1, [1]],
    [4, [4]],
    [9, [4, 4, 1]],
  ])('puts %i evaluations in tables of at most 4 columns', (count, columns) => {
    expect(reportTables(latestFirst(count)).map((table) => table.dates.length)).toEqual(columns);
  });

  it('puts the oldest evaluation on the left and the change column in the last table only, from the second evaluation on', () => {
    const tables = reportTables(latestFirst(6));
    expect(tables[0]?.dates).toEqual(['01/01/2026', '02/01/2026', '03/01/2026', '04/01/2026']);
    expect(tables.map((table) => table.showsChange)).toEqual([false, true]);
    expect(tables[0]?.sections[0]?.rows[0]?.change).toBeNull();
    expect(reportTables(latestFirst(1))[0]?.showsChange).toBe(false);
  });

  it('changes from the first measured value to the last, with a sign and one decimal', () => {
    const [table] = reportTables([
      evaluation(3, { peso: 67.5, percentual_gordura: null }),
      evaluation(2, { peso: 69, percentual_gordura: 24.1 }),
      evaluation(1, { peso: 70, percentual_gordura: 26.4 }),
    ]);
    const row = (label: string) => table?.sections.flatMap((section) => section.rows).find((entry) => entry.label === label);
    expect(row('Peso (kg)')).toEqual({ label: 'Peso (kg)', values: ['70,0', '69,0', '67,5'], change: '-2,5' });
    expect(row('Gordura corporal (%)')).toEqual({ label: 'Gordura corporal (%)', values: ['26,4', '24,1', '–'], change: '-2,3' });
    expect(row('Altura (cm)')?.change).toBe('0,0');
  });

  it('shows weight, height and BMI always, and a measurement or skinfold only when some evaluation has it', () => {
    const [table] = reportTables([evaluation(2, { circunferencia_cintura: 80, dobra_triceps: 12 }), evaluation(1)]);
    expect(table?.sections.map((section) => [section.title, section.rows.map((row) => row.label)])).toEqual([
      ['Composição corporal', ['Peso (kg)', 'Altura (cm)', 'IMC (kg/m²)']],
      ['Circunferências (cm)', ['Cintura']],
      ['Dobras cutâneas (mm)', ['Tricipital']],
    ]);
    expect(table?.sections[2]?.rows[0]).toEqual({ label: 'Tricipital', values: ['–', '12,0'], change: '–' });
  });
});

describe('formatChange', () => {
  it.each([
    [70, 67.5, '-2,5'],
    [29, 30.5, '+1,5'],
    [80, 80.02, '0,0'],
  ])('from %d to %d is %s', (from, to, text) => expect(formatChange(from, to)).toBe(text));
});

describe('classification', () => {
  it('reads a BMI as it is printed, so 24,96 (25,0) is already Sobrepeso', () => {
    expect(bandOf(BMI_BANDS, 24.94).label).toBe('Peso normal');
    expect(bandOf(BMI_BANDS, 24.96).label).toBe('Sobrepeso');
    expect(bandOf(BMI_BANDS, 17).label).toBe('Abaixo do peso');
    expect(bandOf(BMI_BANDS, 41).label).toBe('Obesidade grau III');
  });

  it('places body fat in its band for women and for men', () => {
    expect(bandOf(BODY_FAT_BANDS.mulheres, 26.4).label).toBe('Média');
    expect(bandOf(BODY_FAT_BANDS.homens, 26.4).label).toBe('Obesidade');
    expect(bandOf(BODY_FAT_BANDS.mulheres, 20.5).label).toBe('Atletas');
  });

  it('says the BMI and its class in the summary', () => {
    expect(highlights([evaluation(1, { peso: 67.5, altura: 165 })]).map((card) => [card.label, card.value, card.detail])).toEqual([
      ['Peso atual', '67,5 kg', null],
      ['IMC', '24,8', 'Peso normal'],
      ['Próxima avaliação', expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/), 'fim do acompanhamento'],
    ]);
  });
});

describe('reportCharts', () => {
  it('charts weight, body fat and each circumference measured at least twice', () => {
    const charts = reportCharts([
      evaluation(2, { percentual_gordura: 24, circunferencia_cintura: 78, circunferencia_braco: 30 }),
      evaluation(1, { percentual_gordura: 26, circunferencia_cintura: 80 }),
    ]);
    expect(charts.map((chart) => [chart.title, chart.points.map((point) => point.value)])).toEqual([
      ['Peso (kg)', [79.9, 79.8]],
      ['Gordura corporal (%)', [26, 24]],
      ['Cintura (cm)', [80, 78]],
    ]);
  });
});

describe('closing', () => {
  it("signs with the latest evaluation's professional and registration, and its notes", () => {
    const end = closing([
      evaluation(2, {
        vencimento: '2026-03-02',
        observacoes: '  Manter o treino.  ',
        profissional: { nome: 'Carla Nunes', papel: 'ROLE_NUTRICIONISTA', registro: 'CRN-3 54321' },
      }),
      evaluation(1, { observacoes: 'Antiga.' }),
    ]);
    expect(end).toEqual({
      notesTitle: 'Observações da avaliação de 02/01/2026',
      notes: 'Manter o treino.',
      professional: { nome: 'Carla Nunes', credentials: 'Nutricionista · CRN-3 54321' },
      nextEvaluation: '02/03/2026',
    });
  });

  it('leaves out what the evaluation does not have', () => {
    const end = closing([evaluation(1, { observacoes: ' ', profissional: { nome: 'Equipe', papel: 'ROLE_ADMIN', registro: null } })]);
    expect(end.notes).toBeNull();
    expect(end.professional).toEqual({ nome: 'Equipe', credentials: 'Administração' });
  });
});
