import { normalizeWeekday, parseDecimal, PLAN_VALIDITY_DAYS, PLANS, WEEKDAYS, type Plan, type Weekday } from '@acompanha/contract';
import { addDays, isValid, parseISO } from 'date-fns';
import { isoDay } from '@acompanha/ui/dates';

/**
 * The plan as the editor holds it: the plan file's shape (plan.ts), with every value as typed, so
 * that '32,5' or a half-written number survives a reload, and a key per list item for React and
 * for focus to follow an item that moves. `toPlanFile` and `fromPlanFile` convert, and are what the
 * draft stores and publishing sends.
 */

/** The skinfolds of measurementsSchema (mm), a group of their own on screen. */
export const SKINFOLDS = [
  'dobra_triceps',
  'dobra_subescapular',
  'dobra_suprailiaca',
  'dobra_abdominal',
  'dobra_coxa',
  'dobra_peitoral',
  'dobra_axilar_media',
] as const;

/** Body composition and circumferences. */
export const BODY_MEASUREMENTS = [
  'percentual_gordura',
  'massa_magra',
  'circunferencia_cintura',
  'circunferencia_quadril',
  'circunferencia_braco',
  'circunferencia_coxa',
  'circunferencia_peito',
] as const;

/** Every optional measurement of measurementsSchema. */
export const MEASUREMENTS = [...BODY_MEASUREMENTS, ...SKINFOLDS] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/** How the editor, its errors and the read-only view name each measurement. */
export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  percentual_gordura: '% de gordura',
  massa_magra: 'Massa magra (kg)',
  circunferencia_cintura: 'Cintura (cm)',
  circunferencia_quadril: 'Quadril (cm)',
  circunferencia_braco: 'Braço (cm)',
  circunferencia_coxa: 'Coxa (cm)',
  circunferencia_peito: 'Peito (cm)',
  dobra_triceps: 'Dobra do tríceps (mm)',
  dobra_subescapular: 'Dobra subescapular (mm)',
  dobra_suprailiaca: 'Dobra suprailíaca (mm)',
  dobra_abdominal: 'Dobra abdominal (mm)',
  dobra_coxa: 'Dobra da coxa (mm)',
  dobra_peitoral: 'Dobra peitoral (mm)',
  dobra_axilar_media: 'Dobra axilar média (mm)',
};

export const NOTES_LABEL = 'Observações para o cliente';

export interface EvaluationForm extends Record<Measurement, string> {
  plano: Plan | '';
  data_consulta: string;
  vencimento: string;
  peso: string;
  altura: string;
  objetivo: string;
  consumo_ideal_agua: string;
  /** Notes for the client, shown on their Perfil. */
  observacoes: string;
}

export interface ActivityForm {
  titulo: string;
  grupo_muscular: string;
  video: string;
}

export interface ExerciseForm {
  key: string;
  atividade: ActivityForm;
  series: string;
  repeticoes: string;
  carga: string;
  tempo_descanso: string;
  observacao: string;
}

export interface WorkoutForm {
  key: string;
  titulo: string;
  dias: Weekday[];
  observacao: string;
  exercises: ExerciseForm[];
}

/** A meal is timed by a window ('janela': start and end) or one custom time ('livre'). */
export type MealTiming = 'janela' | 'livre';

export interface MealOptionForm {
  key: string;
  /** The option's food groups, one a line, as the team writes them. */
  alimentos: string;
}

export interface MealForm {
  key: string;
  titulo: string;
  horario: MealTiming;
  horario_inicio: string;
  horario_fim: string;
  horario_customizado: string;
  opcoes: MealOptionForm[];
}

export interface DietForm {
  key: string;
  titulo: string;
  is_dia_de_treino: boolean;
  meals: MealForm[];
}

export interface PlanForm {
  evaluation: EvaluationForm;
  workouts: WorkoutForm[];
  diets: DietForm[];
}

let lastKey = 0;
/** A key unique in this page: items are told apart by it, never by position. */
export const newKey = () => `k${++lastKey}`;

/** The vencimento a consultation gives by default: PLAN_VALIDITY_DAYS later, as `plan:import` reads a file without one. */
export function defaultVencimento(dataConsulta: string): string {
  const day = parseISO(dataConsulta);
  return isValid(day) ? isoDay(addDays(day, PLAN_VALIDITY_DAYS)) : '';
}

/** A new consultation date; the vencimento follows it while it is still the default (or empty). */
export function withConsultationDate(evaluation: EvaluationForm, dataConsulta: string): EvaluationForm {
  const following = evaluation.vencimento === '' || evaluation.vencimento === defaultVencimento(evaluation.data_consulta);
  return { ...evaluation, data_consulta: dataConsulta, vencimento: following ? defaultVencimento(dataConsulta) : evaluation.vencimento };
}

export const blankExercise = (): ExerciseForm => ({
  key: newKey(),
  atividade: { titulo: '', grupo_muscular: '', video: '' },
  series: '3',
  repeticoes: '',
  carga: '',
  tempo_descanso: '60',
  observacao: '',
});

export const blankWorkout = (): WorkoutForm => ({ key: newKey(), titulo: '', dias: [], observacao: '', exercises: [blankExercise()] });

export const blankOption = (): MealOptionForm => ({ key: newKey(), alimentos: '' });

export const blankMeal = (): MealForm => ({
  key: newKey(),
  titulo: '',
  horario: 'janela',
  horario_inicio: '',
  horario_fim: '',
  horario_customizado: '',
  opcoes: [blankOption()],
});

export const blankDiet = (): DietForm => ({ key: newKey(), titulo: '', is_dia_de_treino: false, meals: [blankMeal()] });

function blankEvaluation(today: string): EvaluationForm {
  const measurements = Object.fromEntries(MEASUREMENTS.map((name) => [name, ''])) as Record<Measurement, string>;
  return {
    plano: '',
    data_consulta: today,
    vencimento: defaultVencimento(today),
    peso: '',
    altura: '',
    objetivo: '',
    consumo_ideal_agua: '',
    observacoes: '',
    ...measurements,
  };
}

/** A blank plan: the evaluation dated `today` (`YYYY-MM-DD`), one workout with one exercise, no diet. */
export const blankPlan = (today: string): PlanForm => ({ evaluation: blankEvaluation(today), workouts: [blankWorkout()], diets: [] });

/* Reading a plan (a draft, or a published plan to copy): anything missing or unreadable reads as empty. */

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A number as the team types it, with a decimal comma; text that was not a number stays as typed. */
const asTyped = (value: unknown): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).replace('.', ',');
  return asText(value);
};

function readExercise(value: unknown): ExerciseForm {
  const exercise = asObject(value);
  const atividade = asObject(exercise.atividade);
  return {
    key: newKey(),
    atividade: { titulo: asText(atividade.titulo), grupo_muscular: asText(atividade.grupo_muscular), video: asText(atividade.video) },
    series: asTyped(exercise.series),
    repeticoes: asText(exercise.repeticoes),
    carga: asTyped(exercise.carga),
    tempo_descanso: asTyped(exercise.tempo_descanso),
    observacao: asText(exercise.observacao),
  };
}

function readWorkout(value: unknown): WorkoutForm {
  const workout = asObject(value);
  const days = new Set(asList(workout.dias).map((day) => normalizeWeekday(asText(day))));
  return {
    key: newKey(),
    titulo: asText(workout.titulo),
    dias: WEEKDAYS.filter((day) => days.has(day)),
    observacao: asText(workout.observacao),
    exercises: asList(workout.exercises).map(readExercise),
  };
}

function readMeal(value: unknown): MealForm {
  const meal = asObject(value);
  return {
    key: newKey(),
    titulo: asText(meal.titulo),
    horario: typeof meal.horario_customizado === 'string' ? 'livre' : 'janela',
    horario_inicio: asText(meal.horario_inicio),
    horario_fim: asText(meal.horario_fim),
    horario_customizado: asText(meal.horario_customizado),
    opcoes: asList(meal.opcoes).map((option) => ({ key: newKey(), alimentos: asList(option).map(asText).join('\n') })),
  };
}

function readDiet(value: unknown): DietForm {
  const diet = asObject(value);
  return { key: newKey(), titulo: asText(diet.titulo), is_dia_de_treino: diet.is_dia_de_treino === true, meals: asList(diet.meals).map(readMeal) };
}

/** The editor's form of a plan in the plan file's shape: a draft as stored, or a published plan. */
export function fromPlanFile(value: unknown): PlanForm {
  const plan = asObject(value);
  const evaluation = asObject(plan.evaluation);
  const measurements = Object.fromEntries(MEASUREMENTS.map((name) => [name, asTyped(evaluation[name])])) as Record<Measurement, string>;
  const plano = asText(evaluation.plano);
  return {
    evaluation: {
      plano: (PLANS as readonly string[]).includes(plano) ? (plano as Plan) : '',
      data_consulta: asText(evaluation.data_consulta),
      vencimento: asText(evaluation.vencimento),
      peso: asTyped(evaluation.peso),
      altura: asTyped(evaluation.altura),
      objetivo: asText(evaluation.objetivo),
      consumo_ideal_agua: asTyped(evaluation.consumo_ideal_agua),
      observacoes: asText(evaluation.observacoes),
      ...measurements,
    },
    workouts: asList(plan.workouts).map(readWorkout),
    diets: asList(plan.diets).map(readDiet),
  };
}

/** A copy of a plan to start a new consultation from: the same plan, dated `today`. */
export function copiedPlan(value: unknown, today: string): PlanForm {
  const plan = fromPlanFile(value);
  return { ...plan, evaluation: { ...plan.evaluation, data_consulta: today, vencimento: defaultVencimento(today) } };
}

/* Writing the plan file: numbers where the text reads as one, the text itself where it does not (so
   that the whole-plan check names that field), nothing for an empty value the file may leave out. */

/** A number typed with a decimal comma or dot; the text as typed when it is not one; undefined when empty. */
function number(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  return parseDecimal(text) ?? text;
}
/** An optional number: null when empty. */
const optionalNumber = (text: string) => number(text) ?? null;
const optionalText = (text: string) => (text.trim() === '' ? null : text);
const withoutUndefined = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

function writeMeal(meal: MealForm): Json {
  const timing =
    meal.horario === 'livre'
      ? { horario_customizado: meal.horario_customizado }
      : { horario_inicio: meal.horario_inicio, horario_fim: meal.horario_fim };
  const opcoes = meal.opcoes
    .map((option) =>
      option.alimentos
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((groups) => groups.length > 0);
  return { titulo: meal.titulo, ...timing, opcoes };
}

/** The plan file (plan.ts's shape) the form holds, checked by nobody yet: what the draft stores and publishing sends. */
export function toPlanFile(form: PlanForm): Json {
  const { evaluation } = form;
  return {
    evaluation: withoutUndefined({
      plano: evaluation.plano === '' ? undefined : evaluation.plano,
      data_consulta: evaluation.data_consulta || undefined,
      vencimento: evaluation.vencimento || undefined,
      peso: number(evaluation.peso),
      altura: number(evaluation.altura),
      objetivo: evaluation.objetivo,
      consumo_ideal_agua: optionalNumber(evaluation.consumo_ideal_agua),
      observacoes: optionalText(evaluation.observacoes),
      ...Object.fromEntries(MEASUREMENTS.map((name) => [name, optionalNumber(evaluation[name])])),
    }),
    diets: form.diets.map((diet) => ({ titulo: diet.titulo, is_dia_de_treino: diet.is_dia_de_treino, meals: diet.meals.map(writeMeal) })),
    workouts: form.workouts.map((workout) => ({
      titulo: workout.titulo,
      dias: workout.dias,
      observacao: optionalText(workout.observacao),
      exercises: workout.exercises.map((exercise) =>
        withoutUndefined({
          atividade: {
            titulo: exercise.atividade.titulo,
            grupo_muscular: exercise.atividade.grupo_muscular,
            video: optionalText(exercise.atividade.video),
          },
          series: number(exercise.series),
          repeticoes: exercise.repeticoes,
          carga: optionalNumber(exercise.carga),
          tempo_descanso: number(exercise.tempo_descanso),
          observacao: optionalText(exercise.observacao),
        }),
      ),
    })),
  };
}

/* List operations, pure: each answers a new list. */

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** Every `key` in a copied item made new, at any depth, so that the copy is an item of its own. */
function rekeyed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rekeyed) as T;
  if (value !== null && typeof value === 'object') {
    const copy = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, rekeyed(inner)]));
    if ('key' in copy) copy.key = newKey();
    return copy as T;
  }
  return value;
}

/** The list with a copy of the item at `index` right after it. */
export function duplicateItem<T>(list: readonly T[], index: number): T[] {
  if (index < 0 || index >= list.length) return [...list];
  return [...list.slice(0, index + 1), rekeyed(list[index]!), ...list.slice(index + 1)];
}

export const removeItem = <T>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);

/** The list with the item at `index` changed by `change`. */
export const updateItem = <T>(list: readonly T[], index: number, change: (item: T) => T): T[] =>
  list.map((item, at) => (at === index ? change(item) : item));

/** A weekday turned on or off, the days kept in week order. */
export function toggleDay(days: readonly Weekday[], day: Weekday): Weekday[] {
  const chosen = new Set(days);
  if (chosen.has(day)) chosen.delete(day);
  else chosen.add(day);
  return WEEKDAYS.filter((code) => chosen.has(code));
}

/** The plan's items in order, by key: it changes when an item is added, removed or moved, not when a value is typed. */
export function planShape(form: PlanForm): string {
  return JSON.stringify([
    form.workouts.map((workout) => [workout.key, workout.exercises.map((exercise) => exercise.key)]),
    form.diets.map((diet) => [diet.key, diet.meals.map((meal) => [meal.key, meal.opcoes.map((option) => option.key)])]),
  ]);
}
