import { parseDecimal, type Exercise, type SessionSet } from '@acompanha/contract';
import { ArrowRight, Plus, SkipForward, Trash2 } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Button } from '@acompanha/ui/button';
import { formatDecimal, formatSet } from '@acompanha/ui/format';
import { Stepper } from '@acompanha/ui/stepper';
import { useRestActions } from '../rest/rest-timer';
import { canRemoveSet, SET_LIMITS, SETS_PER_EXERCISE_MAX, type SetLog } from '../model/session';
import { addSet, removeSet, updateSet, useActivityOf, useSets, useSwap } from '../store/train-session';
import { useWorkoutSessions } from '../../../../lib/workout-sessions';
import { afterNextPaint } from '../../../../lib/after-next-paint';
import { previousSets } from '../model/recent-sessions';

const trainSetsHeadingId = (exerciseId: number) => `exercise-${exerciseId}-sets`;

/** The exercise whose sets are to take focus as soon as they show, until when the request holds. */
let pendingFocus: { exerciseId: number; until: number } | null = null;

/**
 * Moves focus (and so the page) to an exercise's sets once they show: a session just started, the
 * next exercise opened. They render a little later (the session store, the navigation), so the
 * heading takes focus itself when it is put in the page (`focusWhenShown`), whatever the delay,
 * rather than being looked for on each animation frame: frames are not a clock to count on (a slow
 * phone takes longer than a few to show a screen; a page in the background gets none at all).
 * A request the sets never answer (the screen left first) lapses after a few seconds.
 */
export function focusTrainSets(exerciseId: number): void {
  const heading = document.getElementById(trainSetsHeadingId(exerciseId));
  if (heading) {
    pendingFocus = null;
    showSets(heading);
  } else {
    pendingFocus = { exerciseId, until: Date.now() + 5000 };
  }
}

function focusWhenShown(exerciseId: number) {
  return (heading: HTMLHeadingElement | null) => {
    if (!heading || pendingFocus?.exerciseId !== exerciseId) return;
    const { until } = pendingFocus;
    pendingFocus = null;
    if (Date.now() <= until) showSets(heading);
  };
}

/**
 * Focus on the sets' heading, scrolled to the top of the screen (its scroll margin leaves the
 * exercise's name in view; on a short screen, the rows come first): the rows below it then fill
 * the screen down to the bar, rather than stopping wherever focus happened to scroll them.
 */
function showSets(heading: HTMLElement) {
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: 'start' });
}

/** The columns of a set's row: number, 'Anterior', kg, reps, done (joined to other classes as text: a row renders without tailwind-merge). */
const ROW_COLUMNS =
  'grid grid-cols-[2.5rem_minmax(0,1fr)_3.75rem_3.25rem_2.75rem] items-center gap-1.5 max-[359px]:grid-cols-[2rem_minmax(0,1fr)_3.25rem_2.75rem_2.75rem]';

/**
 * Train mode's sets of one exercise, one compact row each (number, the same set last time, load,
 * reps, done), so that five show above the bar on a phone. The load and reps are prefilled from the
 * plan and typed, or stepped (1 kg, 1 rep) in a strip under the row being edited: the one whose
 * field has focus, else the next to do. Ticking a set records the time and starts the exercise's
 * rest; ticking the last opens the next exercise. Sets can be added, and removed while still to do.
 */
export function TrainSets({
  workoutId,
  exercise,
  next,
}: {
  workoutId: number;
  exercise: Exercise;
  /** The next exercise and how to open it; none after the last. */
  next?: { exercise: Exercise; open: () => void };
}) {
  const sets = useSets(exercise);
  const recent = useWorkoutSessions(workoutId).data;
  // Swapped for today, the exercise's last sessions were of another activity: nothing to compare with.
  const swapped = useSwap(exercise) !== undefined;
  const previous = useMemo(() => (swapped ? new Map<number, SessionSet>() : previousSets(recent, exercise.id)), [swapped, recent, exercise.id]);
  const { start } = useRestActions();
  const title = useActivityOf(exercise)!.titulo;
  const nextTitle = useActivityOf(next?.exercise)?.titulo;
  const allDone = sets.every((set) => set.feito_em !== null);
  /** The row whose field or strip has focus; null when none has. */
  const [editing, setEditing] = useState<number | null>(null);
  const nextToDo = sets.findIndex((set) => set.feito_em === null);
  const active = editing !== null && editing < sets.length ? editing : nextToDo >= 0 ? nextToDo : null;

  // The row being edited, its strip included, is brought clear of the bar below once it shows (a
  // field focused, a set ticked, one removed), never on a first render: a list of exercises would
  // otherwise scroll to each.
  const list = useRef<HTMLOListElement>(null);
  const after = useRef<{ scroll?: number; focus?: number }>({});
  // A move still waiting for its frame when the sets leave the screen is called off.
  const pendingMoves = useRef(new Set<() => void>());
  useEffect(() => {
    const moves = pendingMoves.current;
    return () => moves.forEach((cancel) => cancel());
  }, []);
  useLayoutEffect(() => {
    const { scroll, focus } = after.current;
    after.current = {};
    const row = (index: number) => list.current?.children[index];
    if (focus !== undefined) row(focus)?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
    if (scroll !== undefined) row(scroll)?.scrollIntoView?.({ block: 'nearest' });
  });

  const tick = (index: number, done: boolean) => {
    updateSet(exercise, index, { feito_em: done ? new Date().toISOString() : null });
    if (!done) return setEditing(null);
    start({ workoutId, exerciseId: exercise.id, title, seconds: exercise.tempo_descanso });
    // The tick and the rest paint first, the strip staying where it is: on a slow phone, moving it
    // in the same frame made the tap's answer late. A frame later the strip moves to the next set to
    // do, brought into view in that same frame, or the last set's tick opens the next exercise.
    setEditing(active);
    const finished = sets.every((set, at) => at === index || set.feito_em !== null);
    const move = afterNextPaint(() => {
      pendingMoves.current.delete(move);
      setEditing(null);
      if (finished && next) return next.open();
      const following = sets.findIndex((set, at) => at !== index && set.feito_em === null);
      if (following >= 0) after.current.scroll = following;
    });
    pendingMoves.current.add(move);
  };

  const edit = (index: number) => {
    if (editing === index) return;
    setEditing(index);
    after.current.scroll = index;
  };

  const remove = (index: number) => {
    removeSet(exercise, index);
    setEditing(null);
    // Focus stays in the sets: on the row that took the removed one's place, or the new last.
    after.current.focus = Math.min(index, sets.length - 2);
  };

  // The rows' actions are the same functions from one render to the next, each calling this
  // render's own when used: a tick renders the rows whose set or strip changed, not every row.
  const current = useRef({ tick, edit, remove });
  useLayoutEffect(() => {
    current.current = { tick, edit, remove };
  });
  const actions = useMemo<SetRowActions>(
    () => ({
      edit: (index) => current.current.edit(index),
      leave: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setEditing(null);
      },
      change: (index, change) => updateSet(exercise, index, change),
      tick: (index, done) => current.current.tick(index, done),
      remove: (index) => current.current.remove(index),
    }),
    [exercise],
  );

  return (
    <section aria-labelledby={trainSetsHeadingId(exercise.id)} className="flex flex-col gap-1">
      <h3
        ref={focusWhenShown(exercise.id)}
        id={trainSetsHeadingId(exercise.id)}
        tabIndex={-1}
        className="scroll-mt-20 text-small font-bold focus:outline-none short:scroll-mt-2"
      >
        Séries de hoje
      </h3>
      {/* The columns' names for the eye; each field and box has its own name for a screen reader. */}
      <div aria-hidden className={`${ROW_COLUMNS} px-1 text-center text-caption font-semibold text-muted-foreground`}>
        <span>Série</span>
        <span className="pl-0.5 text-left">Anterior</span>
        <span>kg</span>
        <span>Reps</span>
        <span>✓</span>
      </div>
      <ol ref={list} className="flex flex-col gap-1">
        {sets.map((set, index) => (
          <SetRow
            key={index}
            index={index}
            title={title}
            set={set}
            previous={previous.get(index + 1)}
            active={index === active}
            removable={canRemoveSet(sets, index)}
            actions={actions}
          />
        ))}
      </ol>
      {/* Side by side, in halves, down to 320 px (there without their icons). */}
      <div className="mt-1 grid auto-cols-fr grid-flow-col gap-2 max-[359px]:[&_svg]:hidden">
        {sets.length < SETS_PER_EXERCISE_MAX && (
          <Button variant="outline" size="sm" className="min-w-0 max-[359px]:px-2" onClick={() => addSet(exercise)}>
            <Plus aria-hidden />
            Adicionar série
          </Button>
        )}
        {next && !allDone && (
          <Button variant="ghost" size="sm" className="min-w-0 max-[359px]:px-2" onClick={next.open}>
            Pular exercício
            <SkipForward aria-hidden />
          </Button>
        )}
      </div>
      {next && allDone && (
        <Button variant="secondary" className="mt-1 h-auto min-h-12 py-2 whitespace-normal" onClick={next.open}>
          Próximo exercício: {nextTitle}
          <ArrowRight aria-hidden />
        </Button>
      )}
    </section>
  );
}

/** What a set's row does, given the set's index (from 0). */
interface SetRowActions {
  /** A field or the strip of the row got focus. */
  edit: (index: number) => void;
  /** Focus left the row, unless for another part of it. */
  leave: (event: FocusEvent<HTMLLIElement>) => void;
  change: (index: number, change: Partial<SetLog>) => void;
  tick: (index: number, done: boolean) => void;
  remove: (index: number) => void;
}

/** One set in one row at most 56 px tall; the row being edited has the steppers in a strip under it. */
const SetRow = memo(function SetRow({
  index,
  title,
  set,
  previous,
  active,
  removable,
  actions,
}: {
  index: number;
  title: string;
  set: SetLog;
  /** This set the last time the exercise was done, if it was. */
  previous: SessionSet | undefined;
  active: boolean;
  removable: boolean;
  actions: SetRowActions;
}) {
  const number = index + 1;
  const onEdit = () => actions.edit(index);
  const onChange = (change: Partial<SetLog>) => actions.change(index, change);
  const done = set.feito_em !== null;
  return (
    <li
      aria-label={`Série ${number}`}
      onBlur={actions.leave}
      className={`scroll-my-2 rounded-lg border ${done ? 'border-primary/40 bg-primary-soft' : active ? 'border-primary bg-card' : 'border-transparent bg-card'}`}
    >
      <div data-set-row className={`${ROW_COLUMNS} min-h-12 px-1`}>
        <span className="text-center text-body font-bold tabular-nums">{number}</span>
        <span className="truncate text-small text-muted-foreground tabular-nums max-[359px]:text-caption">
          <span className="sr-only">Anterior: </span>
          {previous ? formatSet(previous) : '—'}
        </span>
        <SetField
          name={`Carga da série ${number}`}
          value={set.carga}
          limits={SET_LIMITS.carga}
          decimals
          onFocus={onEdit}
          onChange={(carga) => onChange({ carga })}
        />
        <SetField
          name={`Repetições da série ${number}`}
          value={set.repeticoes}
          limits={SET_LIMITS.repeticoes}
          onFocus={onEdit}
          onChange={(repeticoes) => onChange({ repeticoes })}
        />
        <label className="flex size-11 cursor-pointer items-center justify-center rounded-lg">
          <input
            type="checkbox"
            aria-label={`Série ${number} de ${title} feita`}
            checked={done}
            onChange={(event) => actions.tick(index, event.target.checked)}
            className="size-6 cursor-pointer accent-primary"
          />
        </label>
      </div>
      {active && (
        <div onFocus={onEdit} className="flex items-center gap-1 border-t border-border px-0.5 py-1">
          {removable && (
            <Button variant="ghost" size="icon" className="text-destructive" aria-label={`Remover série ${number}`} onClick={() => actions.remove(index)}>
              <Trash2 aria-hidden />
            </Button>
          )}
          <Stepper
            size="sm"
            className="ml-auto"
            aria-label={`Carga da série ${number} em passos de 1 kg`}
            value={set.carga}
            min={SET_LIMITS.carga.min}
            max={SET_LIMITS.carga.max}
            decrementLabel={`Menos 1 kg na carga da série ${number}`}
            incrementLabel={`Mais 1 kg na carga da série ${number}`}
            onValueChange={(carga) => onChange({ carga })}
          >
            kg
          </Stepper>
          <Stepper
            size="sm"
            aria-label={`Repetições da série ${number} de 1 em 1`}
            value={set.repeticoes}
            min={SET_LIMITS.repeticoes.min}
            max={SET_LIMITS.repeticoes.max}
            decrementLabel={`Menos 1 repetição na série ${number}`}
            incrementLabel={`Mais 1 repetição na série ${number}`}
            onValueChange={(repeticoes) => onChange({ repeticoes })}
          >
            reps
          </Stepper>
        </div>
      )}
    </li>
  );
});

/**
 * A set's load or reps, typed with the phone's number keypad (a load of 22,5 kg, read by
 * `parseDecimal`). What cannot be read (empty, '1e3', '1.000,5'), or falls outside the limits,
 * gives the value back as it was.
 */
function SetField({
  name,
  value,
  limits,
  decimals = false,
  onFocus,
  onChange,
}: {
  /** The field's accessible name, which says which set it changes. */
  name: string;
  value: number;
  limits: { min: number; max: number };
  decimals?: boolean;
  onFocus: () => void;
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const typed = parseDecimal(draft);
    if (typed !== null && typed >= limits.min && typed <= limits.max) onChange(decimals ? Math.round(typed * 10) / 10 : Math.round(typed));
    setDraft(null);
  };
  return (
    <input
      aria-label={name}
      inputMode={decimals ? 'decimal' : 'numeric'}
      enterKeyHint="done"
      value={draft ?? formatDecimal(value).replace(/\./g, '')}
      onChange={(event) => setDraft(event.target.value)}
      onFocus={(event) => {
        event.target.select();
        onFocus();
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="h-10 w-full min-w-0 rounded-md border border-input bg-background text-center text-body font-bold tabular-nums"
    />
  );
}
