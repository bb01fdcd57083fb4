import { Button } from '@acompanha/ui/button';
import { Input } from '@acompanha/ui/input';
import { Textarea } from '@acompanha/ui/textarea';
import { Plus, Trash2 } from 'lucide-react';
import { fieldId } from '../model/plan-errors';
import { blankDiet, blankMeal, blankOption, moveItem, removeItem, updateItem, type DietForm, type MealForm, type MealTiming } from '../model/plan-form';
import { useEditor } from './editor-context';
import { EDITOR_INPUT, EditorField } from './editor-field';
import { ItemActions, moveButtonId } from './item-actions';

/** Every diet of the plan: meals in order, each with its options of food groups. */
export function DietsSection() {
  const { form, update, announce, focusAfterRender } = useEditor();
  return (
    <section aria-labelledby="secao-dietas" className="flex flex-col gap-4">
      <h2 id="secao-dietas" tabIndex={-1} className="text-title font-bold outline-none">
        Dietas
      </h2>
      {form.diets.length === 0 && <p className="text-muted-foreground">Nenhuma dieta neste plano.</p>}
      {form.diets.map((diet, index) => (
        <DietCard key={diet.key} diet={diet} index={index} />
      ))}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        onClick={() => {
          update((plan) => ({ ...plan, diets: [...plan.diets, blankDiet()] }));
          focusAfterRender(fieldId(['diets', form.diets.length, 'titulo']));
          announce(`Dieta ${form.diets.length + 1} adicionada.`);
        }}
      >
        <Plus aria-hidden />
        Adicionar dieta
      </Button>
    </section>
  );
}

function DietCard({ diet, index }: { diet: DietForm; index: number }) {
  const { form, update, announce, focusAfterRender } = useEditor();
  const path = ['diets', index] as const;
  const name = diet.titulo.trim() || `dieta ${index + 1}`;
  const change = (edit: (diet: DietForm) => DietForm) => update((plan) => ({ ...plan, diets: updateItem(plan.diets, index, edit) }));
  const setMeals = (edit: (meals: MealForm[]) => MealForm[]) => change((current) => ({ ...current, meals: edit(current.meals) }));
  const addMealId = `adicionar-refeicao-${diet.key}`;

  return (
    <article aria-labelledby={`dieta-${diet.key}`} className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-2">
        <h3 id={`dieta-${diet.key}`} className="min-w-48 flex-1 pt-2 text-body font-bold">
          Dieta {index + 1}
          {diet.titulo.trim() && <span className="font-normal text-muted-foreground"> · {diet.titulo.trim()}</span>}
        </h3>
        <ItemActions
          itemKey={diet.key}
          name={name}
          index={index}
          count={form.diets.length}
          onMove={(to) => {
            update((plan) => ({ ...plan, diets: moveItem(plan.diets, index, to) }));
            focusAfterRender(moveButtonId(diet.key, to < index ? 'cima' : 'baixo'), moveButtonId(diet.key, to < index ? 'baixo' : 'cima'));
            announce(`${name} movida para a posição ${to + 1} de ${form.diets.length}.`);
          }}
          onRemove={() => {
            update((plan) => ({ ...plan, diets: removeItem(plan.diets, index) }));
            focusAfterRender('secao-dietas');
            announce(`${name} removida.`);
          }}
        />
      </div>
      <div className="grid gap-x-4 gap-y-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
        <EditorField path={[...path, 'titulo']} label="Título da dieta">
          {(control) => (
            <Input {...control} className={EDITOR_INPUT} placeholder="Ex.: Dia de treino" value={diet.titulo} onChange={(event) => change((current) => ({ ...current, titulo: event.target.value }))} />
          )}
        </EditorField>
        <label htmlFor={fieldId([...path, 'is_dia_de_treino'])} className="flex min-h-11 cursor-pointer items-center gap-3 text-small font-semibold md:pt-5">
          <input
            id={fieldId([...path, 'is_dia_de_treino'])}
            type="checkbox"
            className="size-5 cursor-pointer accent-primary"
            checked={diet.is_dia_de_treino}
            onChange={(event) => change((current) => ({ ...current, is_dia_de_treino: event.target.checked }))}
          />
          Dieta de dia de treino
        </label>
      </div>
      <div className="flex flex-col gap-3">
        <h4 className="text-small font-bold tracking-wide text-muted-foreground uppercase">Refeições ({diet.meals.length})</h4>
        <ol className="flex flex-col gap-3">
          {diet.meals.map((meal, mealIndex) => (
            <MealCard
              key={meal.key}
              meal={meal}
              dietIndex={index}
              index={mealIndex}
              count={diet.meals.length}
              onChange={(edit) => setMeals((meals) => updateItem(meals, mealIndex, edit))}
              onMove={(to) => {
                setMeals((meals) => moveItem(meals, mealIndex, to));
                focusAfterRender(moveButtonId(meal.key, to < mealIndex ? 'cima' : 'baixo'), moveButtonId(meal.key, to < mealIndex ? 'baixo' : 'cima'));
                announce(`${mealName(meal, mealIndex)} movida para a posição ${to + 1} de ${diet.meals.length}.`);
              }}
              onRemove={() => {
                setMeals((meals) => removeItem(meals, mealIndex));
                focusAfterRender(addMealId);
                announce(`${mealName(meal, mealIndex)} removida.`);
              }}
            />
          ))}
        </ol>
        <Button
          id={addMealId}
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setMeals((meals) => [...meals, blankMeal()]);
            focusAfterRender(fieldId([...path, 'meals', diet.meals.length, 'titulo']));
          }}
        >
          <Plus aria-hidden />
          Adicionar refeição
        </Button>
      </div>
    </article>
  );
}

const mealName = (meal: MealForm, index: number) => meal.titulo.trim() || `Refeição ${index + 1}`;

interface MealCardProps {
  meal: MealForm;
  dietIndex: number;
  index: number;
  count: number;
  onChange: (edit: (meal: MealForm) => MealForm) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function MealCard({ meal, dietIndex, index, count, onChange, onMove, onRemove }: MealCardProps) {
  const { announce, focusAfterRender } = useEditor();
  const path = ['diets', dietIndex, 'meals', index] as const;
  const name = mealName(meal, index);
  const set = (field: 'titulo' | 'horario_inicio' | 'horario_fim' | 'horario_customizado') => (event: { target: { value: string } }) =>
    onChange((current) => ({ ...current, [field]: event.target.value }));
  const setTiming = (horario: MealTiming) => onChange((current) => ({ ...current, horario }));
  const timingName = `horario-${meal.key}`;

  return (
    <li aria-label={`Refeição ${index + 1}: ${meal.titulo.trim() || 'sem título'}`} className="flex flex-col gap-3 rounded-xl border border-border bg-background p-3 md:p-4">
      <div className="flex flex-wrap items-start gap-x-2">
        <EditorField path={[...path, 'titulo']} label={`Refeição ${index + 1}`} className="min-w-48 flex-1">
          {(control) => <Input {...control} className={EDITOR_INPUT} placeholder="Ex.: Café da manhã" value={meal.titulo} onChange={set('titulo')} />}
        </EditorField>
        <div className="pt-6">
          <ItemActions itemKey={meal.key} name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-small font-semibold">Horário</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {(
            [
              ['janela', 'Intervalo (início e fim)'],
              ['livre', 'Horário livre'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-small">
              <input type="radio" name={timingName} className="size-5 cursor-pointer accent-primary" checked={meal.horario === value} onChange={() => setTiming(value)} />
              {label}
            </label>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 md:max-w-md">
          {meal.horario === 'janela' ? (
            <>
              <EditorField path={[...path, 'horario_inicio']} label="Início">
                {(control) => <Input {...control} type="time" className={EDITOR_INPUT} value={meal.horario_inicio} onChange={set('horario_inicio')} />}
              </EditorField>
              <EditorField path={[...path, 'horario_fim']} label="Fim">
                {(control) => <Input {...control} type="time" className={EDITOR_INPUT} value={meal.horario_fim} onChange={set('horario_fim')} />}
              </EditorField>
            </>
          ) : (
            <EditorField path={[...path, 'horario_customizado']} label="Horário">
              {(control) => <Input {...control} type="time" className={EDITOR_INPUT} value={meal.horario_customizado} onChange={set('horario_customizado')} />}
            </EditorField>
          )}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2">
        <p className="text-small font-semibold">Opções</p>
        <ul className="grid gap-3 md:grid-cols-2">
          {meal.opcoes.map((option, optionIndex) => (
            <li key={option.key} className="flex items-start gap-1">
              <EditorField path={[...path, 'opcoes', optionIndex]} label={`Opção ${optionIndex + 1}`} hint="Um alimento por linha." className="flex-1">
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    className="min-h-24 px-3 py-2"
                    placeholder={'2 ovos mexidos\n1 banana'}
                    value={option.alimentos}
                    onChange={(event) => onChange((current) => ({ ...current, opcoes: updateItem(current.opcoes, optionIndex, (held) => ({ ...held, alimentos: event.target.value })) }))}
                  />
                )}
              </EditorField>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-6 rounded-xl text-muted-foreground hover:text-destructive"
                aria-label={`Remover opção ${optionIndex + 1} de ${name}`}
                title="Remover opção"
                onClick={() => {
                  onChange((current) => ({ ...current, opcoes: removeItem(current.opcoes, optionIndex) }));
                  focusAfterRender(`adicionar-opcao-${meal.key}`);
                  announce(`Opção ${optionIndex + 1} removida.`);
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          id={`adicionar-opcao-${meal.key}`}
          type="button"
          variant="ghost"
          size="sm"
          className="self-start text-primary"
          onClick={() => {
            onChange((current) => ({ ...current, opcoes: [...current.opcoes, blankOption()] }));
            focusAfterRender(fieldId([...path, 'opcoes', meal.opcoes.length]));
          }}
        >
          <Plus aria-hidden />
          Adicionar opção
        </Button>
      </div>
    </li>
  );
}
