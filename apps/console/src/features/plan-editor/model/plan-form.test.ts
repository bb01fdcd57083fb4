import { planFileSchema } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import {
  blankExercise,
  blankPlan,
  copiedPlan,
  defaultVencimento,
  duplicateItem,
  fromPlanFile,
  moveItem,
  planShape,
  removeItem,
  toggleDay,
  toPlanFile,
  withConsultationDate,
  type PlanForm,
} from './plan-form';

/** A plan file as `plan:export` writes it. */
const PLAN_FILE = {
  evaluation: {
    plano: 'PRO',
    data_consulta: '2026-11-02',
    vencimento: '2027-01-01',
    peso: 67.5,
    altura: 165,
    objetivo: 'Hipertrofia',
    consumo_ideal_agua: 2500,
    percentual_gordura: 24.5,
    massa_magra: null,
    circunferencia_cintura: 78,
    circunferencia_quadril: null,
    circunferencia_braco: null,
    circunferencia_coxa: null,
    circunferencia_peito: null,
    dobra_triceps: 18.5,
    dobra_subescapular: 16,
    dobra_suprailiaca: null,
    dobra_abdominal: null,
    dobra_coxa: null,
    dobra_peitoral: null,
    dobra_axilar_media: null,
    observacoes: 'Beba água ao longo do dia.\nDurma bem.',
  },
  diets: [
    {
      titulo: 'Dia de treino',
      is_dia_de_treino: true,
      meals: [
        { titulo: 'Café da manhã', horario_inicio: '07:00', horario_fim: '08:00', horario_customizado: null, opcoes: [['2 ovos', '1 banana'], ['Iogurte']] },
        { titulo: 'Ceia', horario_inicio: null, horario_fim: null, horario_customizado: '22:00', opcoes: [] },
      ],
    },
  ],
  workouts: [
    {
      titulo: 'Treino A',
      dias: ['SEGUNDA', 'QUINTA'],
      observacao: null,
      exercises: [
        {
          atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/abc' },
          series: 4,
          repeticoes: '10-12',
          carga: 32.5,
          tempo_descanso: 90,
          observacao: 'Desça devagar.',
        },
      ],
    },
  ],
};

describe('the plan form', () => {
  it('reads a plan file and writes the same plan back, numbers typed with a decimal comma', () => {
    const form = fromPlanFile(PLAN_FILE);
    expect(form.evaluation.peso).toBe('67,5');
    expect(form.evaluation.dobra_triceps).toBe('18,5');
    expect(form.evaluation.dobra_coxa).toBe('');
    expect(form.evaluation.observacoes).toBe('Beba água ao longo do dia.\nDurma bem.');
    expect(form.workouts[0]!.exercises[0]!.carga).toBe('32,5');
    expect(form.diets[0]!.meals[0]!.opcoes.map((option) => option.alimentos)).toEqual(['2 ovos\n1 banana', 'Iogurte']);
    expect(form.diets[0]!.meals.map((meal) => meal.horario)).toEqual(['janela', 'livre']);

    // A meal's unused timing is left out rather than null: the same meal.
    const withoutNulls = (value: unknown) => JSON.parse(JSON.stringify(value, (_, inner: unknown) => (inner === null ? undefined : inner))) as unknown;
    const written = toPlanFile(form);
    expect(withoutNulls(planFileSchema.parse(written))).toEqual(withoutNulls(planFileSchema.parse(PLAN_FILE)));
  });

  it('keeps a value that is not a number as typed, so the check names its field and a reload shows it', () => {
    const form = fromPlanFile(PLAN_FILE);
    form.workouts[0]!.exercises[0]!.series = '4x';
    form.evaluation.peso = '';
    form.evaluation.altura = ' 1,65 ';
    form.evaluation.dobra_coxa = '22 mm';

    const written = toPlanFile(form) as { evaluation: Record<string, unknown>; workouts: { exercises: Record<string, unknown>[] }[] };
    expect(written.evaluation.dobra_coxa).toBe('22 mm');
    expect(written.workouts[0]!.exercises[0]!.series).toBe('4x');
    expect(written.evaluation).not.toHaveProperty('peso');
    expect(written.evaluation.altura).toBe(1.65);
    expect(fromPlanFile(written).workouts[0]!.exercises[0]!.series).toBe('4x');
  });

  it('leaves out empty optional values and options without food', () => {
    const form = blankPlan('2026-11-26');
    form.workouts[0]!.exercises[0]!.carga = '';
    form.diets = [fromPlanFile(PLAN_FILE).diets[0]!];
    form.diets[0]!.meals[0]!.opcoes[1]!.alimentos = '  \n ';

    const written = toPlanFile(form) as { evaluation: Record<string, unknown>; diets: { meals: { opcoes: string[][] }[] }[]; workouts: { exercises: Record<string, unknown>[] }[] };
    expect(written.workouts[0]!.exercises[0]!.carga).toBeNull();
    expect(written.evaluation.consumo_ideal_agua).toBeNull();
    expect(written.evaluation.dobra_triceps).toBeNull();
    // Blank notes are none, as the server stores them.
    expect(written.evaluation.observacoes).toBeNull();
    expect(written.diets[0]!.meals[0]!.opcoes).toEqual([['2 ovos', '1 banana']]);
  });

  it('writes only the timing chosen for a meal, and keeps a custom time being typed as custom', () => {
    const form = blankPlan('2026-11-26');
    form.diets = [fromPlanFile(PLAN_FILE).diets[0]!];
    form.diets[0]!.meals[1]!.horario_customizado = '';

    const written = toPlanFile(form) as { diets: { meals: Record<string, unknown>[] }[] };
    expect(written.diets[0]!.meals[0]).toEqual({ titulo: 'Café da manhã', horario_inicio: '07:00', horario_fim: '08:00', opcoes: [['2 ovos', '1 banana'], ['Iogurte']] });
    expect(written.diets[0]!.meals[1]).toEqual({ titulo: 'Ceia', horario_customizado: '', opcoes: [] });
    expect(fromPlanFile(written).diets[0]!.meals[1]!.horario).toBe('livre');
  });

  it('reads whatever a draft holds without failing', () => {
    const form = fromPlanFile({ evaluation: { plano: 'GOLD', peso: '7o' }, workouts: [{ dias: ['terça', 'NUNCA'], exercises: 'no' }], diets: null });
    expect(form.evaluation.plano).toBe('');
    expect(form.evaluation.peso).toBe('7o');
    expect(form.workouts[0]).toMatchObject({ titulo: '', dias: ['TERCA'], exercises: [] });
    expect(form.diets).toEqual([]);
  });

  it('starts a blank plan today, with the vencimento 60 days later', () => {
    const form = blankPlan('2026-11-26');
    expect(form.evaluation).toMatchObject({ data_consulta: '2026-11-26', vencimento: '2027-01-25' });
    expect(form.workouts).toHaveLength(1);
    expect(form.diets).toEqual([]);
  });

  it('copies a plan as a new consultation dated today', () => {
    const form = copiedPlan(PLAN_FILE, '2026-11-26');
    expect(form.evaluation).toMatchObject({ data_consulta: '2026-11-26', vencimento: '2027-01-25', peso: '67,5', plano: 'PRO' });
  });

  it('moves the vencimento with the consultation while it is the default, not once it was chosen', () => {
    const evaluation = blankPlan('2026-11-26').evaluation;
    expect(withConsultationDate(evaluation, '2026-11-20').vencimento).toBe(defaultVencimento('2026-11-20'));
    expect(withConsultationDate({ ...evaluation, vencimento: '2027-03-01' }, '2026-11-20').vencimento).toBe('2027-03-01');
    expect(withConsultationDate({ ...evaluation, vencimento: '' }, '2026-11-20').vencimento).toBe('2027-01-19');
    expect(defaultVencimento('')).toBe('');
  });

  it('keeps weekdays in week order', () => {
    expect(toggleDay(['QUINTA'], 'SEGUNDA')).toEqual(['SEGUNDA', 'QUINTA']);
    expect(toggleDay(['SEGUNDA', 'QUINTA'], 'SEGUNDA')).toEqual(['QUINTA']);
  });
});

describe('list operations', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item up, down, to either end, and no further', () => {
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 3, 9)).toEqual(list);
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('duplicates an item right after it, as an item of its own', () => {
    const form: PlanForm = fromPlanFile(PLAN_FILE);
    const exercises = [...form.workouts[0]!.exercises, blankExercise()];
    const copied = duplicateItem(exercises, 0);

    expect(copied).toHaveLength(3);
    expect(copied[1]).toEqual({ ...exercises[0], key: copied[1]!.key });
    expect(copied[1]!.key).not.toBe(exercises[0]!.key);
    expect(copied[2]).toBe(exercises[1]);
    // A copied workout's exercises get keys of their own too.
    const workouts = duplicateItem(form.workouts, 0);
    expect(workouts[1]!.exercises[0]!.key).not.toBe(workouts[0]!.exercises[0]!.key);
    expect(duplicateItem(exercises, 5)).toEqual(exercises);
  });

  it("tells a plan's items moving from a value changing", () => {
    const form = fromPlanFile(PLAN_FILE);
    const typed = { ...form, evaluation: { ...form.evaluation, peso: '70' } };
    const exercises = duplicateItem(form.workouts[0]!.exercises, 0);
    const grown = { ...form, workouts: [{ ...form.workouts[0]!, exercises }] };
    const reordered = { ...grown, workouts: [{ ...grown.workouts[0]!, exercises: moveItem(exercises, 0, 1) }] };

    expect(planShape(typed)).toBe(planShape(form));
    expect(planShape(grown)).not.toBe(planShape(form));
    expect(planShape(reordered)).not.toBe(planShape(grown));
  });

  it('removes an item', () => {
    expect(removeItem(list, 1)).toEqual(['a', 'c', 'd']);
    expect(removeItem(list, 9)).toEqual(list);
  });
});
