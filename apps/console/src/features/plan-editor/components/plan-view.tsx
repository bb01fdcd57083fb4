import { formatWeekdays } from '@acompanha/contract';
import { formatDay } from '@acompanha/ui/format';
import { MEASUREMENT_LABELS, MEASUREMENTS, NOTES_LABEL, type PlanForm } from '../model/plan-form';

const EVALUATION_ROWS: [keyof PlanForm['evaluation'], string][] = [
  ['plano', 'Plano'],
  ['data_consulta', 'Consulta'],
  ['vencimento', 'Vencimento'],
  ['peso', 'Peso (kg)'],
  ['altura', 'Altura (cm)'],
  ['objetivo', 'Objetivo'],
  ['consumo_ideal_agua', 'Meta de água (ml)'],
  ...MEASUREMENTS.map((name): [keyof PlanForm['evaluation'], string] => [name, MEASUREMENT_LABELS[name]]),
];

const shown = (name: string, value: string) => (value && (name === 'data_consulta' || name === 'vencimento') ? formatDay(value) : value);

/** A published plan, read-only: as the editor would show it, without a control. */
export function PlanView({ plan }: { plan: PlanForm }) {
  const rows = EVALUATION_ROWS.filter(([name]) => plan.evaluation[name] !== '' || !(MEASUREMENTS as readonly string[]).includes(name));
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="ver-avaliacao" className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 md:p-6">
        <h3 id="ver-avaliacao" className="text-title font-bold">
          Avaliação
        </h3>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(([name, label]) => (
            <div key={name} className="flex flex-col">
              <dt className="text-small text-muted-foreground">{label}</dt>
              <dd className="font-semibold">{shown(name, plan.evaluation[name]) || '—'}</dd>
            </div>
          ))}
          {plan.evaluation.observacoes.trim() && (
            <div className="flex flex-col sm:col-span-2 lg:col-span-3">
              <dt className="text-small text-muted-foreground">{NOTES_LABEL}</dt>
              <dd className="whitespace-pre-line">{plan.evaluation.observacoes.trim()}</dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="ver-treinos" className="flex flex-col gap-3">
        <h3 id="ver-treinos" className="text-title font-bold">
          Treinos
        </h3>
        {plan.workouts.length === 0 && <p className="text-muted-foreground">Nenhum treino.</p>}
        {plan.workouts.map((workout) => (
          <article key={workout.key} aria-label={workout.titulo} className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-4 md:p-6">
            <h4 className="font-bold">{workout.titulo}</h4>
            <p className="text-small text-muted-foreground">{formatWeekdays(workout.dias) || 'Sem dias definidos'}</p>
            {workout.observacao && <p className="text-small">{workout.observacao}</p>}
            <ol className="flex flex-col divide-y divide-border">
              {workout.exercises.map((exercise, index) => (
                <li key={exercise.key} className="flex flex-col gap-0.5 py-2 md:flex-row md:items-baseline md:gap-4">
                  <span className="font-semibold md:w-1/3">
                    {index + 1}. {exercise.atividade.titulo} <span className="font-normal text-muted-foreground">· {exercise.atividade.grupo_muscular}</span>
                  </span>
                  <span className="text-small tabular-nums">
                    {exercise.series} × {exercise.repeticoes}
                    {exercise.carga && ` · ${exercise.carga} kg`} · descanso {exercise.tempo_descanso} s
                  </span>
                  {exercise.observacao && <span className="text-small text-muted-foreground">{exercise.observacao}</span>}
                </li>
              ))}
            </ol>
          </article>
        ))}
      </section>
      <section aria-labelledby="ver-dietas" className="flex flex-col gap-3">
        <h3 id="ver-dietas" className="text-title font-bold">
          Dietas
        </h3>
        {plan.diets.length === 0 && <p className="text-muted-foreground">Nenhuma dieta.</p>}
        {plan.diets.map((diet) => (
          <article key={diet.key} aria-label={diet.titulo} className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-4 md:p-6">
            <h4 className="font-bold">
              {diet.titulo} {diet.is_dia_de_treino && <span className="font-normal text-muted-foreground">· dia de treino</span>}
            </h4>
            <ol className="flex flex-col divide-y divide-border">
              {diet.meals.map((meal) => (
                <li key={meal.key} className="flex flex-col gap-1 py-2">
                  <span className="font-semibold">
                    {meal.titulo}{' '}
                    <span className="font-normal text-muted-foreground tabular-nums">
                      · {meal.horario === 'livre' ? meal.horario_customizado : `${meal.horario_inicio}–${meal.horario_fim}`}
                    </span>
                  </span>
                  {meal.opcoes.map((option, index) => (
                    <span key={option.key} className="text-small">
                      <span className="text-muted-foreground">Opção {index + 1}:</span> {option.alimentos.split('\n').join(', ')}
                    </span>
                  ))}
                </li>
              ))}
            </ol>
          </article>
        ))}
      </section>
    </div>
  );
}
