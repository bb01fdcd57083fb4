import { parseDecimal, type Exercise } from '@acompanha/contract';
import { ArrowRight, Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@acompanha/ui/button';
import { formatDecimal } from '@acompanha/ui/format';
import { cn } from '@acompanha/ui/cn';
import { useRestTimer } from '../hooks/rest-timer';
import { SET_LIMITS, setsOf, updateSet, type SetLog, type TrainSession } from '../hooks/train-session';

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
    heading.focus();
  } else {
    pendingFocus = { exerciseId, until: Date.now() + 5000 };
  }
}

function focusWhenShown(exerciseId: number) {
  return (heading: HTMLHeadingElement | null) => {
    if (!heading || pendingFocus?.exerciseId !== exerciseId) return;
    const { until } = pendingFocus;
    pendingFocus = null;
    if (Date.now() <= until) heading.focus();
  };
}

/**
 * Train mode's sets of one exercise: each with its load and reps, prefilled from the plan and
 * changed with steppers (1 kg, 1 rep) or typed, and a box ticked when it is done, which records the
 * time and starts the exercise's rest. Once all are done, a way on to the next exercise.
 */
export function TrainSets({
  workoutId,
  exercise,
  session,
  next,
}: {
  workoutId: number;
  exercise: Exercise;
  session: TrainSession;
  /** The next exercise and how to open it; none after the last. */
  next?: { title: string; open: () => void };
}) {
  const sets = setsOf(session, exercise);
  const { start } = useRestTimer();
  const title = exercise.atividade.titulo;

  const tick = (index: number, done: boolean) => {
    updateSet(exercise, index, { feito_em: done ? new Date().toISOString() : null });
    if (done) start({ workoutId, exerciseId: exercise.id, title, seconds: exercise.tempo_descanso });
  };

  return (
    <section aria-labelledby={trainSetsHeadingId(exercise.id)} className="flex flex-col gap-2">
      <h3
        ref={focusWhenShown(exercise.id)}
        id={trainSetsHeadingId(exercise.id)}
        tabIndex={-1}
        className="scroll-mt-28 text-small font-bold focus:outline-none"
      >
        Séries de hoje
      </h3>
      <ol className="flex flex-col gap-2">
        {sets.map((set, index) => (
          <SetRow
            key={index}
            number={index + 1}
            title={title}
            set={set}
            onChange={(change) => updateSet(exercise, index, change)}
            onTick={(done) => tick(index, done)}
          />
        ))}
      </ol>
      {next && sets.every((set) => set.feito_em !== null) && (
        <Button variant="secondary" className="h-auto min-h-12 py-2 whitespace-normal" onClick={next.open}>
          Próximo exercício: {next.title}
          <ArrowRight aria-hidden />
        </Button>
      )}
    </section>
  );
}

function SetRow({
  number,
  title,
  set,
  onChange,
  onTick,
}: {
  number: number;
  title: string;
  set: SetLog;
  onChange: (change: Partial<SetLog>) => void;
  onTick: (done: boolean) => void;
}) {
  const done = set.feito_em !== null;
  return (
    <li
      aria-label={`Série ${number}`}
      className={cn('flex flex-col gap-2 rounded-xl border p-3', done ? 'border-primary bg-primary-soft' : 'border-border bg-card')}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-body font-bold">Série {number}</span>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg pl-2 text-small font-semibold">
          Feita
          <input
            type="checkbox"
            aria-label={`Série ${number} de ${title} feita`}
            checked={done}
            onChange={(event) => onTick(event.target.checked)}
            className="size-7 cursor-pointer accent-primary"
          />
        </label>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Stepper
          label="Carga (kg)"
          names={{ field: `Carga da série ${number}`, less: `Menos 1 kg na carga da série ${number}`, more: `Mais 1 kg na carga da série ${number}` }}
          value={set.carga}
          limits={SET_LIMITS.carga}
          decimals
          onChange={(carga) => onChange({ carga })}
        />
        <Stepper
          label="Repetições"
          names={{ field: `Repetições da série ${number}`, less: `Menos 1 repetição na série ${number}`, more: `Mais 1 repetição na série ${number}` }}
          value={set.repeticoes}
          limits={SET_LIMITS.repeticoes}
          onChange={(repeticoes) => onChange({ repeticoes })}
        />
      </div>
    </li>
  );
}

/**
 * A number with − and + buttons a thumb can hit, that steps by 1; it can be typed too (a load of
 * 22,5 kg, read by `parseDecimal`). What cannot be read (empty, '1e3', '1.000,5'), or falls outside
 * the limits, gives the value back as it was.
 */
function Stepper({
  label,
  names,
  value,
  limits,
  decimals = false,
  onChange,
}: {
  label: string;
  /** The accessible names of the field and its two buttons, which say which set they change. */
  names: { field: string; less: string; more: string };
  value: number;
  limits: { min: number; max: number };
  decimals?: boolean;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const step = (by: number) => onChange(Math.min(limits.max, Math.max(limits.min, Math.round((value + by) * 10) / 10)));
  const commit = () => {
    if (draft === null) return;
    const typed = parseDecimal(draft);
    if (typed !== null && typed >= limits.min && typed <= limits.max) onChange(decimals ? Math.round(typed * 10) / 10 : Math.round(typed));
    setDraft(null);
  };
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1">
      <span id={labelId} className="text-caption font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </span>
      <div className="flex items-center rounded-xl border border-input bg-card">
        <Button variant="ghost" size="icon" aria-label={names.less} disabled={value <= limits.min} onClick={() => step(-1)}>
          <Minus aria-hidden />
        </Button>
        <input
          aria-label={names.field}
          inputMode={decimals ? 'decimal' : 'numeric'}
          value={draft ?? formatDecimal(value).replace(/\./g, '')}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="h-11 w-full min-w-0 rounded-md bg-transparent text-center text-title font-bold tabular-nums"
        />
        <Button variant="ghost" size="icon" aria-label={names.more} disabled={value >= limits.max} onClick={() => step(1)}>
          <Plus aria-hidden />
        </Button>
      </div>
    </div>
  );
}
