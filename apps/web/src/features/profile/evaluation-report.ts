import type { Evaluation } from '@acompanha/contract';
import { format, parseISO } from 'date-fns';

/** Evaluations per table: more columns would not fit a portrait A4 page legibly. */
export const EVALUATIONS_PER_TABLE = 4;

export interface ReportTable {
  head: string[];
  body: string[][];
}

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const formatNumber = (value: number, unit = '') => `${decimal.format(value)}${unit}`;

export const evaluationDate = (evaluation: Evaluation) => parseISO(evaluation.created_at);

/** The PDF is named after the latest evaluation's date: `15-03-2026.pdf`. */
export const reportFileName = (latest: Evaluation) => `${format(evaluationDate(latest), 'dd-MM-yyyy')}.pdf`;

const bodyMassIndex = ({ peso, altura }: Evaluation) => (altura > 0 ? peso / (altura / 100) ** 2 : null);

type Row = { label: string; value: (evaluation: Evaluation) => number | null | undefined; unit: string };

// Every row always present first, then each optional measurement when any evaluation has it.
const ROWS: readonly Row[] = [
  { label: 'Peso', value: (e) => e.peso, unit: ' kg' },
  { label: 'Altura', value: (e) => e.altura, unit: ' cm' },
  { label: 'IMC', value: bodyMassIndex, unit: '' },
  { label: 'Gordura corporal', value: (e) => e.percentual_gordura, unit: ' %' },
  { label: 'Massa magra', value: (e) => e.massa_magra, unit: ' kg' },
  { label: 'Cintura', value: (e) => e.circunferencia_cintura, unit: ' cm' },
  { label: 'Quadril', value: (e) => e.circunferencia_quadril, unit: ' cm' },
  { label: 'Braço', value: (e) => e.circunferencia_braco, unit: ' cm' },
  { label: 'Coxa', value: (e) => e.circunferencia_coxa, unit: ' cm' },
  { label: 'Peito', value: (e) => e.circunferencia_peito, unit: ' cm' },
];

/**
 * The evaluations side by side, oldest on the left so progress reads left to right, in tables of
 * at most four columns.
 */
export function reportTables(evaluations: readonly Evaluation[]): ReportTable[] {
  const chronological = [...evaluations].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const tables: ReportTable[] = [];
  for (let start = 0; start < chronological.length; start += EVALUATIONS_PER_TABLE) {
    const columns = chronological.slice(start, start + EVALUATIONS_PER_TABLE);
    const rows = ROWS.filter((row) => columns.some((evaluation) => row.value(evaluation) != null));
    tables.push({
      head: ['', ...columns.map((evaluation) => format(evaluationDate(evaluation), 'dd/MM/yyyy'))],
      body: [
        ['Plano', ...columns.map((evaluation) => evaluation.plano)],
        ...rows.map((row) => [
          row.label,
          ...columns.map((evaluation) => {
            const value = row.value(evaluation);
            return value == null ? '-' : formatNumber(value, row.unit);
          }),
        ]),
      ],
    });
  }
  return tables;
}
