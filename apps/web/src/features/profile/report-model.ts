import type { Evaluation, EvaluationProfessional, Plan } from '@acompanha/contract';
import { ageOn } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { evaluationDate } from './evaluation-report';
import { BMI_BANDS, BODY_FAT_BANDS, bandOf, type Band } from './report-classification';

/**
 * What the evaluation PDF says, apart from how it is drawn: plain text and numbers that the unit
 * tests read without a PDF.
 */

export interface ReportInput {
  nome: string;
  /** `YYYY-MM-DD`, or null when the client's record has none. */
  birthDate: string | null;
  /** Latest first, as the API lists them. */
  evaluations: readonly [Evaluation, ...Evaluation[]];
}

/** Evaluations per table (SPEC.md §5 and §9): more columns would not fit a portrait A4 page legibly. */
export const EVALUATIONS_PER_TABLE = 4;

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A measurement as the report prints it, always with one decimal: 70 -> '70,0'. */
export const formatMeasure = (value: number) => oneDecimal.format(value);

/** A change with its sign, from the values as printed: 70 -> 67.5 gives '-2,5'; none is '0,0'. */
export function formatChange(from: number, to: number): string {
  const delta = Math.round(to * 10) / 10 - Math.round(from * 10) / 10;
  if (Math.abs(delta) < 0.05) return '0,0';
  return `${delta > 0 ? '+' : '-'}${formatMeasure(Math.abs(delta))}`;
}

/** Printed where a value is missing. */
export const NO_VALUE = '–';

export const bodyMassIndex = ({ peso, altura }: Evaluation) => (altura > 0 ? peso / (altura / 100) ** 2 : null);

type Reading = (evaluation: Evaluation) => number | null | undefined;

interface Measure {
  label: string;
  read: Reading;
}

interface MeasureGroup {
  title: string;
  measures: readonly Measure[];
}

const BODY: MeasureGroup = {
  title: 'Composição corporal',
  measures: [
    { label: 'Peso (kg)', read: (e) => e.peso },
    { label: 'Altura (cm)', read: (e) => e.altura },
    { label: 'IMC (kg/m²)', read: bodyMassIndex },
    { label: 'Gordura corporal (%)', read: (e) => e.percentual_gordura },
    { label: 'Massa magra (kg)', read: (e) => e.massa_magra },
  ],
};

const CIRCUMFERENCES: MeasureGroup = {
  title: 'Circunferências (cm)',
  measures: [
    { label: 'Peito', read: (e) => e.circunferencia_peito },
    { label: 'Cintura', read: (e) => e.circunferencia_cintura },
    { label: 'Quadril', read: (e) => e.circunferencia_quadril },
    { label: 'Braço', read: (e) => e.circunferencia_braco },
    { label: 'Coxa', read: (e) => e.circunferencia_coxa },
  ],
};

const SKINFOLDS: MeasureGroup = {
  title: 'Dobras cutâneas (mm)',
  measures: [
    { label: 'Tricipital', read: (e) => e.dobra_triceps },
    { label: 'Subescapular', read: (e) => e.dobra_subescapular },
    { label: 'Suprailíaca', read: (e) => e.dobra_suprailiaca },
    { label: 'Abdominal', read: (e) => e.dobra_abdominal },
    { label: 'Coxa', read: (e) => e.dobra_coxa },
    { label: 'Peitoral', read: (e) => e.dobra_peitoral },
    { label: 'Axilar média', read: (e) => e.dobra_axilar_media },
  ],
};

const numberOf = (read: Reading, evaluation: Evaluation): number | null => {
  const value = read(evaluation);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Oldest first, so progress reads left to right and along a chart's time axis. */
export const chronological = (evaluations: readonly Evaluation[]) =>
  [...evaluations].sort((a, b) => a.created_at.localeCompare(b.created_at));

const shortDate = (evaluation: Evaluation) => formatDay(evaluationDate(evaluation));

/** The first and the last measured values of a reading, when two evaluations measured it. */
function firstAndLast(evaluations: readonly Evaluation[], read: Reading) {
  const measured = evaluations.flatMap((evaluation) => {
    const value = numberOf(read, evaluation);
    return value === null ? [] : [{ evaluation, value }];
  });
  const first = measured[0];
  const last = measured.at(-1);
  return first && last && measured.length >= 2 ? { first, last } : null;
}

export interface ReportRow {
  label: string;
  values: string[];
  /** From the first to the last evaluation that measured it; null in tables without the column. */
  change: string | null;
}

export interface ReportTable {
  /** Each evaluation's date, oldest first. */
  dates: string[];
  sections: { title: string; rows: ReportRow[] }[];
  /** Whether this table carries the change column: the last one, from the second evaluation on. */
  showsChange: boolean;
}

/**
 * The evaluations side by side in tables of at most four, oldest on the left; the last table ends
 * with the change from the first evaluation to the latest. Every table lists the same rows: a
 * measurement any evaluation has, with '–' where one lacks it.
 */
export function reportTables(evaluations: readonly Evaluation[]): ReportTable[] {
  const ordered = chronological(evaluations);
  const groups = [BODY, CIRCUMFERENCES, SKINFOLDS]
    .map((group) => ({
      title: group.title,
      measures: group.measures.filter((measure) => ordered.some((evaluation) => numberOf(measure.read, evaluation) !== null)),
    }))
    .filter((group) => group.measures.length > 0);

  const tables: ReportTable[] = [];
  for (let start = 0; start < ordered.length; start += EVALUATIONS_PER_TABLE) {
    const columns = ordered.slice(start, start + EVALUATIONS_PER_TABLE);
    const showsChange = start + EVALUATIONS_PER_TABLE >= ordered.length && ordered.length >= 2;
    tables.push({
      dates: columns.map(shortDate),
      showsChange,
      sections: groups.map((group) => ({
        title: group.title,
        rows: group.measures.map((measure) => {
          const ends = firstAndLast(ordered, measure.read);
          return {
            label: measure.label,
            values: columns.map((evaluation) => {
              const value = numberOf(measure.read, evaluation);
              return value === null ? NO_VALUE : formatMeasure(value);
            }),
            change: showsChange ? (ends ? formatChange(ends.first.value, ends.last.value) : NO_VALUE) : null,
          };
        }),
      })),
    });
  }
  return tables;
}

const PLAN_LABELS: Record<Plan, string> = {
  BASIC: 'BASIC · treinos',
  PRO: 'PRO · dietas',
  ULTIMATE: 'ULTIMATE · treinos e dietas',
};

export interface Fact {
  label: string;
  value: string;
}

/** The client's data at the head of the report, as of `today`. */
export function clientFacts({ nome, birthDate, evaluations: [latest] }: ReportInput, today: Date): Fact[] {
  return [
    { label: 'Cliente', value: nome || NO_VALUE },
    { label: 'Data de nascimento', value: birthDate === null ? NO_VALUE : formatDay(birthDate) },
    { label: 'Idade', value: birthDate === null ? NO_VALUE : `${ageOn(birthDate, today)} anos` },
    { label: 'Objetivo', value: latest.objetivo || NO_VALUE },
    { label: 'Plano', value: PLAN_LABELS[latest.plano] },
    { label: 'Acompanhamento até', value: formatDay(latest.vencimento) },
  ];
}

export interface Highlight {
  label: string;
  value: string;
  detail: string | null;
}

/** The few numbers a client looks for first: where they are now, and how far they came. */
export function highlights(evaluations: ReportInput['evaluations']): Highlight[] {
  const ordered = chronological(evaluations);
  const [latest] = evaluations;
  const since = (read: Reading, unit: string) => {
    const ends = firstAndLast(ordered, read);
    return ends ? `${formatChange(ends.first.value, ends.last.value)} ${unit} desde ${shortDate(ends.first.evaluation)}` : null;
  };
  const result: Highlight[] = [{ label: 'Peso atual', value: `${formatMeasure(latest.peso)} kg`, detail: since((e) => e.peso, 'kg') }];
  const bmi = latestBodyMassIndex(evaluations);
  if (bmi) result.push({ label: 'IMC', value: formatMeasure(bmi.value), detail: bmi.band.label });
  const fat = latestBodyFat(evaluations);
  if (fat) result.push({ label: 'Gordura corporal', value: `${formatMeasure(fat.value)} %`, detail: since((e) => e.percentual_gordura, 'p.p.') });
  result.push({ label: 'Próxima avaliação', value: formatDay(latest.vencimento), detail: 'fim do acompanhamento' });
  return result;
}

export function latestBodyMassIndex([latest]: ReportInput['evaluations']): { value: number; band: Band } | null {
  const value = bodyMassIndex(latest);
  return value === null ? null : { value, band: bandOf(BMI_BANDS, value) };
}

/** The latest measured body fat, with the band it falls in for women and for men. */
export function latestBodyFat(evaluations: ReportInput['evaluations']) {
  const measured = evaluations.find((evaluation) => numberOf((e) => e.percentual_gordura, evaluation) !== null);
  if (!measured) return null;
  const value = measured.percentual_gordura!;
  return {
    value,
    date: shortDate(measured),
    mulheres: bandOf(BODY_FAT_BANDS.mulheres, value),
    homens: bandOf(BODY_FAT_BANDS.homens, value),
  };
}

export interface ReportChart {
  title: string;
  /** What the change since the first measurement is counted in: body fat changes by percentage points. */
  changeUnit: string;
  points: { date: Date; value: number }[];
}

/** Weight, body fat and each circumference over time, from a measure's second measurement on. */
export function reportCharts(evaluations: readonly Evaluation[]): ReportChart[] {
  const ordered = chronological(evaluations);
  const chart = (title: string, changeUnit: string, read: Reading): ReportChart => ({
    title,
    changeUnit,
    points: ordered.flatMap((evaluation) => {
      const value = numberOf(read, evaluation);
      return value === null ? [] : [{ date: evaluationDate(evaluation), value }];
    }),
  });
  return [
    chart('Peso (kg)', 'kg', (e) => e.peso),
    chart('Gordura corporal (%)', 'p.p.', (e) => e.percentual_gordura),
    ...CIRCUMFERENCES.measures.map((measure) => chart(`${measure.label} (cm)`, 'cm', measure.read)),
  ].filter((entry) => entry.points.length >= 2);
}

/** How a signature names the professional's role. */
const ROLE_TITLES: Record<EvaluationProfessional['papel'], string> = {
  ROLE_PERSONAL: 'Personal trainer',
  ROLE_NUTRICIONISTA: 'Nutricionista',
  ROLE_ADMIN: 'Administração',
};

export interface Closing {
  /** Whose evaluation the notes are: 'Observações da avaliação de 15/03/2026'. */
  notesTitle: string;
  notes: string | null;
  professional: { nome: string; credentials: string } | null;
  nextEvaluation: string;
}

/** The latest evaluation's notes, who published it with their registration, and when the next one is due. */
export function closing([latest]: ReportInput['evaluations']): Closing {
  const notes = typeof latest.observacoes === 'string' && latest.observacoes.trim() ? latest.observacoes.trim() : null;
  const professional = latest.profissional ?? null;
  return {
    notesTitle: `Observações da avaliação de ${shortDate(latest)}`,
    notes,
    professional: professional && {
      nome: professional.nome,
      credentials: [ROLE_TITLES[professional.papel], professional.registro].filter(Boolean).join(' · '),
    },
    nextEvaluation: formatDay(latest.vencimento),
  };
}
