import { EVALUATION_NOTES_MAX, PLANS } from '@acompanha/contract';
import { Input } from '@acompanha/ui/input';
import { Textarea } from '@acompanha/ui/textarea';
import { cn } from '@acompanha/ui/cn';
import { BODY_MEASUREMENTS, MEASUREMENT_LABELS, NOTES_LABEL, SKINFOLDS, withConsultationDate, type EvaluationForm, type Measurement } from '../model/plan-form';
import { useEditor } from './editor-context';
import { EDITOR_INPUT, EditorField } from './editor-field';

export const SELECT_CLASSES =
  'h-11 w-full min-w-0 cursor-pointer rounded-xl border border-input bg-card px-3 text-body text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-offset-0 aria-invalid:border-destructive';

/** The consultation: tier, dates, body and goals, the optional measurements the PDF and charts use, and notes for the client. */
export function EvaluationSection() {
  const { form, update } = useEditor();
  const evaluation = form.evaluation;
  const set = (change: Partial<EvaluationForm>) => update((plan) => ({ ...plan, evaluation: { ...plan.evaluation, ...change } }));
  const text = (name: keyof EvaluationForm, label: string, { decimal = false, hint, className }: { decimal?: boolean; hint?: string; className?: string } = {}) => (
    <EditorField path={['evaluation', name]} label={label} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          className={EDITOR_INPUT}
          inputMode={decimal ? 'decimal' : undefined}
          autoComplete="off"
          value={evaluation[name]}
          onChange={(event) => set({ [name]: event.target.value })}
        />
      )}
    </EditorField>
  );

  const measurementGroup = (legend: string, note: string, names: readonly Measurement[]) => (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-body font-semibold">
        {legend} <span className="font-normal text-muted-foreground">{note}</span>
      </legend>
      <div className={cn('grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-4')}>
        {names.map((name) => (
          <div key={name}>{text(name, MEASUREMENT_LABELS[name], { decimal: true })}</div>
        ))}
      </div>
    </fieldset>
  );

  return (
    <section aria-labelledby="secao-avaliacao" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
      <h2 id="secao-avaliacao" className="text-title font-bold">
        Avaliação
      </h2>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <EditorField path={['evaluation', 'plano']} label="Plano">
          {(control) => (
            <select {...control} className={SELECT_CLASSES} value={evaluation.plano} onChange={(event) => set({ plano: event.target.value as EvaluationForm['plano'] })}>
              <option value="">Escolha o plano</option>
              {PLANS.map((plan) => (
                <option key={plan} value={plan}>
                  {plan}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <EditorField path={['evaluation', 'data_consulta']} label="Data da consulta">
          {(control) => (
            <Input
              {...control}
              type="date"
              className={EDITOR_INPUT}
              value={evaluation.data_consulta}
              onChange={(event) => update((plan) => ({ ...plan, evaluation: withConsultationDate(plan.evaluation, event.target.value) }))}
            />
          )}
        </EditorField>
        <EditorField path={['evaluation', 'vencimento']} label="Vencimento" hint="60 dias após a consulta, se não mudar.">
          {(control) => <Input {...control} type="date" className={EDITOR_INPUT} value={evaluation.vencimento} onChange={(event) => set({ vencimento: event.target.value })} />}
        </EditorField>
        {text('peso', 'Peso (kg)', { decimal: true })}
        {text('altura', 'Altura (cm)', { decimal: true })}
        {text('consumo_ideal_agua', 'Meta de água (ml)', { decimal: true, hint: 'Opcional.' })}
        <EditorField path={['evaluation', 'objetivo']} label="Objetivo" className="sm:col-span-2 lg:col-span-3">
          {(control) => (
            <Textarea {...control} rows={2} className="min-h-20 px-3 py-2" value={evaluation.objetivo} onChange={(event) => set({ objetivo: event.target.value })} />
          )}
        </EditorField>
      </div>
      {measurementGroup('Medidas', '(opcionais)', BODY_MEASUREMENTS)}
      {measurementGroup('Dobras cutâneas', '(mm, opcionais)', SKINFOLDS)}
      <EditorField
        path={['evaluation', 'observacoes']}
        label={NOTES_LABEL}
        hint={`Opcional. O cliente lê no Perfil, com o seu nome; até ${EVALUATION_NOTES_MAX.toLocaleString('pt-BR')} caracteres.`}
      >
        {(control) => (
          <Textarea {...control} rows={4} className="min-h-28 px-3 py-2" value={evaluation.observacoes} onChange={(event) => set({ observacoes: event.target.value })} />
        )}
      </EditorField>
    </section>
  );
}
