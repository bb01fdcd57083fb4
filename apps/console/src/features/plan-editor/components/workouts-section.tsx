import { planExerciseSchema, weekdayLabel, WEEKDAYS } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { Input } from '@acompanha/ui/input';
import { Textarea } from '@acompanha/ui/textarea';
import { GripVertical, PlayCircle, Plus } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useInLibrary } from '../../../lib/activities';
import { fieldId } from '../model/plan-errors';
import {
  blankExercise,
  blankWorkout,
  duplicateItem,
  moveItem,
  removeItem,
  toggleDay,
  updateItem,
  type ExerciseForm,
  type WorkoutForm,
} from '../model/plan-form';
import { ActivityPicker } from './activity-picker';
import { useEditor } from './editor-context';
import { EDITOR_INPUT, EditorField } from './editor-field';
import { ItemActions, moveButtonId } from './item-actions';

const isVideoLink = (text: string) => planExerciseSchema.shape.atividade.shape.video.safeParse(text).success;

/** Every workout of the plan, each with its exercises. */
export function WorkoutsSection() {
  const { form, update, announce, focusAfterRender } = useEditor();
  const add = () => {
    const workout = blankWorkout();
    update((plan) => ({ ...plan, workouts: [...plan.workouts, workout] }));
    focusAfterRender(fieldId(['workouts', form.workouts.length, 'titulo']));
    announce(`Treino ${form.workouts.length + 1} adicionado.`);
  };
  return (
    <section aria-labelledby="secao-treinos" className="flex flex-col gap-4">
      <h2 id="secao-treinos" tabIndex={-1} className="text-title font-bold outline-none">
        Treinos
      </h2>
      {form.workouts.length === 0 && <p className="text-muted-foreground">Nenhum treino neste plano.</p>}
      {form.workouts.map((workout, index) => (
        <WorkoutCard key={workout.key} workout={workout} index={index} />
      ))}
      <Button type="button" variant="outline" className="self-start" onClick={add}>
        <Plus aria-hidden />
        Adicionar treino
      </Button>
    </section>
  );
}

function WorkoutCard({ workout, index }: { workout: WorkoutForm; index: number }) {
  const { form, update, announce, focusAfterRender, errors, clearError } = useEditor();
  const path = ['workouts', index] as const;
  const name = workout.titulo.trim() || `treino ${index + 1}`;
  const change = (edit: (workout: WorkoutForm) => WorkoutForm) => update((plan) => ({ ...plan, workouts: updateItem(plan.workouts, index, edit) }));
  const setExercises = (edit: (exercises: ExerciseForm[]) => ExerciseForm[]) => change((current) => ({ ...current, exercises: edit(current.exercises) }));
  const daysId = fieldId([...path, 'dias']);
  const daysError = errors.get(daysId)?.message;
  const exercisesId = fieldId([...path, 'exercises']);
  const exercisesError = errors.get(exercisesId)?.message;
  const addExerciseId = `adicionar-exercicio-${workout.key}`;

  const moveExercise = (from: number, to: number) => {
    const moved = workout.exercises[from];
    if (!moved || to < 0 || to >= workout.exercises.length) return;
    setExercises((exercises) => moveItem(exercises, from, to));
    const direction = to < from ? 'cima' : 'baixo';
    focusAfterRender(moveButtonId(moved.key, direction), moveButtonId(moved.key, direction === 'cima' ? 'baixo' : 'cima'));
    announce(`${exerciseName(moved, from)} movido para a posição ${to + 1} de ${workout.exercises.length}.`);
  };

  // Dragging: the exercise taken by its handle, dropped on another exercise's place.
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const dragProps = (exerciseIndex: number) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(exerciseIndex);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged !== null) moveExercise(dragged, exerciseIndex);
      setDragged(null);
      setOver(null);
    },
  });

  return (
    <article aria-labelledby={`treino-${workout.key}`} className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-2">
        <h3 id={`treino-${workout.key}`} className="min-w-48 flex-1 pt-2 text-body font-bold">
          Treino {index + 1}
          {workout.titulo.trim() && <span className="font-normal text-muted-foreground"> · {workout.titulo.trim()}</span>}
        </h3>
        <ItemActions
          itemKey={workout.key}
          name={name}
          index={index}
          count={form.workouts.length}
          onMove={(to) => {
            update((plan) => ({ ...plan, workouts: moveItem(plan.workouts, index, to) }));
            focusAfterRender(moveButtonId(workout.key, to < index ? 'cima' : 'baixo'), moveButtonId(workout.key, to < index ? 'baixo' : 'cima'));
            announce(`${name} movido para a posição ${to + 1} de ${form.workouts.length}.`);
          }}
          onDuplicate={() => {
            update((plan) => ({ ...plan, workouts: duplicateItem(plan.workouts, index) }));
            focusAfterRender(fieldId(['workouts', index + 1, 'titulo']));
            announce(`${name} duplicado.`);
          }}
          onRemove={() => {
            update((plan) => ({ ...plan, workouts: removeItem(plan.workouts, index) }));
            focusAfterRender('secao-treinos');
            announce(`${name} removido.`);
          }}
        />
      </div>
      <div className="grid gap-x-4 gap-y-3 lg:grid-cols-2">
        <EditorField path={[...path, 'titulo']} label="Título do treino">
          {(control) => (
            <Input {...control} className={EDITOR_INPUT} placeholder="Ex.: Treino A - Inferiores" value={workout.titulo} onChange={(event) => change((current) => ({ ...current, titulo: event.target.value }))} />
          )}
        </EditorField>
        <fieldset id={daysId} tabIndex={-1} aria-describedby={daysError ? `${daysId}-mensagem` : undefined} className="flex min-w-0 flex-col gap-1 outline-none">
          <legend className="mb-1 text-small font-semibold">Dias</legend>
          <div className="flex flex-wrap gap-1">
            {WEEKDAYS.map((day) => {
              const on = workout.dias.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  aria-label={weekdayLabel(day)}
                  onClick={() => {
                    clearError(daysId);
                    change((current) => ({ ...current, dias: toggleDay(current.dias, day) }));
                  }}
                  className={cn(
                    'min-h-11 min-w-11 cursor-pointer rounded-xl border px-2 text-small font-semibold',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card text-foreground hover:bg-muted',
                  )}
                >
                  {weekdayLabel(day).slice(0, 3)}
                </button>
              );
            })}
          </div>
          {daysError && (
            <p id={`${daysId}-mensagem`} className="text-small font-medium text-destructive">
              {daysError}
            </p>
          )}
        </fieldset>
        <EditorField path={[...path, 'observacao']} label="Observações do treino" hint="Opcional." className="lg:col-span-2">
          {(control) => (
            <Textarea {...control} rows={2} className="min-h-16 px-3 py-2" value={workout.observacao} onChange={(event) => change((current) => ({ ...current, observacao: event.target.value }))} />
          )}
        </EditorField>
      </div>
      <div className="flex flex-col gap-3">
        <h4 id={exercisesId} tabIndex={-1} className="text-small font-bold tracking-wide text-muted-foreground uppercase outline-none">
          Exercícios ({workout.exercises.length})
        </h4>
        {exercisesError && <p className="text-small font-medium text-destructive">{exercisesError}</p>}
        <ol className="flex flex-col gap-3">
          {workout.exercises.map((exercise, exerciseIndex) => (
            <ExerciseCard
              key={exercise.key}
              exercise={exercise}
              workoutIndex={index}
              index={exerciseIndex}
              count={workout.exercises.length}
              dragging={dragged === exerciseIndex}
              dropTarget={over === exerciseIndex && dragged !== null && dragged !== exerciseIndex}
              onDragStart={() => setDragged(exerciseIndex)}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              dropProps={dragProps(exerciseIndex)}
              onChange={(edit) => setExercises((exercises) => updateItem(exercises, exerciseIndex, edit))}
              onMove={(to) => moveExercise(exerciseIndex, to)}
              onDuplicate={() => {
                setExercises((exercises) => duplicateItem(exercises, exerciseIndex));
                focusAfterRender(fieldId([...path, 'exercises', exerciseIndex + 1, 'atividade', 'titulo']));
                announce(`${exerciseName(exercise, exerciseIndex)} duplicado.`);
              }}
              onRemove={() => {
                setExercises((exercises) => removeItem(exercises, exerciseIndex));
                focusAfterRender(addExerciseId);
                announce(`${exerciseName(exercise, exerciseIndex)} removido.`);
              }}
            />
          ))}
        </ol>
        <Button
          id={addExerciseId}
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setExercises((exercises) => [...exercises, blankExercise()]);
            focusAfterRender(fieldId([...path, 'exercises', workout.exercises.length, 'atividade', 'titulo']));
          }}
        >
          <Plus aria-hidden />
          Adicionar exercício
        </Button>
      </div>
    </article>
  );
}

const exerciseName = (exercise: ExerciseForm, index: number) => exercise.atividade.titulo.trim() || `Exercício ${index + 1}`;

interface ExerciseCardProps {
  exercise: ExerciseForm;
  workoutIndex: number;
  index: number;
  count: number;
  dragging: boolean;
  dropTarget: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  dropProps: { onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void };
  onChange: (edit: (exercise: ExerciseForm) => ExerciseForm) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

function ExerciseCard({ exercise, workoutIndex, index, count, dragging, dropTarget, onDragStart, onDragEnd, dropProps, onChange, onMove, onDuplicate, onRemove }: ExerciseCardProps) {
  const card = useRef<HTMLLIElement>(null);
  const path = ['workouts', workoutIndex, 'exercises', index] as const;
  const name = exerciseName(exercise, index);
  const { titulo, grupo_muscular, video } = exercise.atividade;
  const fromLibrary = useInLibrary(exercise.atividade);
  const [videoTouched, setVideoTouched] = useState(false);
  const videoProblem = videoTouched && video.trim() !== '' && !isVideoLink(video.trim());
  const set = (field: keyof Omit<ExerciseForm, 'key' | 'atividade'>) => (event: { target: { value: string } }) => onChange((current) => ({ ...current, [field]: event.target.value }));
  const setActivity = (field: keyof ExerciseForm['atividade']) => (event: { target: { value: string } }) =>
    onChange((current) => ({ ...current, atividade: { ...current.atividade, [field]: event.target.value } }));

  return (
    <li
      ref={card}
      aria-label={`Exercício ${index + 1}: ${exercise.atividade.titulo.trim() || 'sem atividade'}`}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-background p-3 md:p-4',
        dragging && 'opacity-50',
        dropTarget && 'border-primary ring-2 ring-primary',
      )}
      {...dropProps}
    >
      <div className="flex flex-wrap items-center gap-x-2">
        {/* The mouse's way to order; the keyboard's are the buttons beside it. */}
        <div
          draggable
          aria-hidden
          title="Arraste para reordenar"
          className="flex size-11 shrink-0 cursor-grab items-center justify-center rounded-xl text-muted-foreground hover:bg-muted active:cursor-grabbing"
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', name);
            if (card.current) event.dataTransfer.setDragImage(card.current, 24, 24);
            onDragStart();
          }}
          onDragEnd={onDragEnd}
        >
          <GripVertical className="size-5" />
        </div>
        <p className="min-w-40 flex-1 truncate font-semibold">
          <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {titulo.trim() || 'Novo exercício'}
        </p>
        <ItemActions itemKey={exercise.key} name={name} index={index} count={count} onMove={onMove} onDuplicate={onDuplicate} onRemove={onRemove} />
      </div>
      <div className="grid gap-x-3 gap-y-2 md:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_auto] md:items-start">
        <EditorField path={[...path, 'atividade', 'titulo']} label="Atividade">
          {(control) => <Input {...control} className={EDITOR_INPUT} autoComplete="off" value={titulo} onChange={setActivity('titulo')} />}
        </EditorField>
        <EditorField path={[...path, 'atividade', 'grupo_muscular']} label="Grupo muscular">
          {(control) => <Input {...control} className={EDITOR_INPUT} autoComplete="off" value={grupo_muscular} onChange={setActivity('grupo_muscular')} />}
        </EditorField>
        <div className="md:pt-6">
          <ActivityPicker
            exerciseName={name}
            onPick={(activity) =>
              onChange((current) => ({ ...current, atividade: { titulo: activity.titulo, grupo_muscular: activity.grupo_muscular, video: activity.video ?? '' } }))
            }
          />
        </div>
        <EditorField
          path={[...path, 'atividade', 'video']}
          label="Link do vídeo"
          hint={videoProblem ? undefined : fromLibrary ? 'Atividade da biblioteca.' : titulo.trim() ? 'Nova atividade: entra na biblioteca ao publicar.' : 'Opcional.'}
          className="md:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              className={EDITOR_INPUT}
              placeholder="https://"
              value={video}
              aria-invalid={control['aria-invalid'] || videoProblem}
              onChange={setActivity('video')}
              onBlur={() => setVideoTouched(true)}
            />
          )}
        </EditorField>
        <div className="flex min-h-11 items-center md:pt-6">
          {video.trim() && isVideoLink(video.trim()) ? (
            <a
              href={video.trim()}
              target="_blank"
              rel="noreferrer"
              aria-label={`Ver vídeo de ${name} (abre em outra aba)`}
              className="flex min-h-11 items-center gap-1 rounded-lg text-small font-semibold text-primary hover:underline"
            >
              <PlayCircle aria-hidden className="size-4" />
              Ver vídeo
            </a>
          ) : null}
        </div>
        {videoProblem && <p className="text-small font-medium text-destructive md:col-span-3">O link do vídeo deve começar com http:// ou https://.</p>}
      </div>
      <div className="grid grid-cols-2 gap-x-3 gap-y-2 md:grid-cols-4">
        <EditorField path={[...path, 'series']} label="Séries">
          {(control) => <Input {...control} className={EDITOR_INPUT} inputMode="numeric" value={exercise.series} onChange={set('series')} />}
        </EditorField>
        <EditorField path={[...path, 'repeticoes']} label="Repetições">
          {(control) => <Input {...control} className={EDITOR_INPUT} placeholder="10-12" value={exercise.repeticoes} onChange={set('repeticoes')} />}
        </EditorField>
        <EditorField path={[...path, 'carga']} label="Carga (kg)">
          {(control) => <Input {...control} className={EDITOR_INPUT} inputMode="decimal" placeholder="32,5" value={exercise.carga} onChange={set('carga')} />}
        </EditorField>
        <EditorField path={[...path, 'tempo_descanso']} label="Descanso (s)">
          {(control) => <Input {...control} className={EDITOR_INPUT} inputMode="numeric" value={exercise.tempo_descanso} onChange={set('tempo_descanso')} />}
        </EditorField>
      </div>
      <EditorField path={[...path, 'observacao']} label="Observações do exercício">
        {(control) => <Input {...control} className={EDITOR_INPUT} placeholder="Opcional" value={exercise.observacao} onChange={set('observacao')} />}
      </EditorField>
    </li>
  );
}
