import type { Exercise } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { formatSwappedFrom } from '@acompanha/ui/format';
import { CloudUpload, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { VideoEmbed } from '../../../components/video-embed';
import { useLoadUpdateWaiting } from '../api/load-update';
import { swapExercise, useActivityOf, useSwap } from '../training/store/train-session';
import { SwapDialog } from '../training/components/swap-dialog';
import { ExerciseProgress } from './exercise-progress';
import { LoadDialog } from './load-dialog';
import { RestTimerControl } from '../training/rest/rest-timer-control';
import { TrainSets } from '../training/components/train-sets';

/** 30 -> '30 kg'; no load set reads '-' (SPEC.md §2). */
function formatLoad(carga: number | null): string {
  return carga === null ? '-' : `${String(carga).replace('.', ',')} kg`;
}

interface ExercisePanelProps {
  workoutId: number;
  exercise: Exercise;
  /** Whether a session of this workout runs: its sets come first under the name, and the exercise can be swapped. */
  training?: boolean;
  /** The next exercise and how to open it; none after the last. */
  next?: { exercise: Exercise; open: () => void };
}

/**
 * An exercise of the plan: its name, its numbers, its progress, video and note. In train mode, named
 * by what is done today (an exercise swapped for the day says what it replaces), with its sets.
 */
export function ExercisePanel({ workoutId, exercise, training = false, next }: ExercisePanelProps) {
  const swapped = useSwap(exercise) !== undefined;
  const atividade = useActivityOf(exercise)!;
  return (
    <article className="flex flex-col gap-4" aria-labelledby={`exercise-${exercise.id}-title`}>
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={`exercise-${exercise.id}-title`} className="text-title font-bold tracking-tight">
            {atividade.titulo}
          </h2>
          <p className="text-small font-medium text-muted-foreground">{atividade.grupo_muscular || '-'}</p>
          {swapped && (
            <p className="flex flex-wrap items-center gap-x-1 text-small font-medium">
              <span className="first-letter:uppercase">{formatSwappedFrom(exercise.atividade.titulo)}</span>
              <Button variant="link" className="-ml-1 h-8 justify-start font-semibold underline" onClick={() => swapExercise(exercise, null)}>
                Desfazer troca
              </Button>
            </p>
          )}
        </div>
        {training && <SwapDialog exercise={exercise} />}
      </header>
      {training && <TrainSets workoutId={workoutId} exercise={exercise} next={next} />}
      <dl className="grid grid-cols-2 gap-3">
        <Stat label="Séries">{exercise.series}</Stat>
        <Stat label="Repetições">{exercise.repeticoes}</Stat>
        <Stat label="Carga" action={<LoadDialog exercise={exercise} />}>
          <LoadValue exercise={exercise} />
        </Stat>
        <Stat label="Descanso">{exercise.tempo_descanso} s</Stat>
      </dl>
      {/* The plan's activity's progress: not what is done instead today. */}
      {!swapped && <ExerciseProgress exercise={exercise} />}
      <VideoEmbed video={atividade.video} title={atividade.titulo} />
      {exercise.observacao && (
        <div className="flex items-start gap-3 rounded-xl border border-border bg-muted px-4 py-3">
          <MessageSquareText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex flex-col gap-0.5">
            <p className="text-small font-semibold">Observação</p>
            <p className="text-small text-muted-foreground">{exercise.observacao}</p>
          </div>
        </div>
      )}
      {/* In train mode the rest shows in one place, train mode's bar; here it is the plan's rest timer. */}
      {!training && <RestTimerControl workoutId={workoutId} exercise={exercise} />}
    </article>
  );
}

const LOAD_WAITING_MESSAGE = 'Aguardando conexão';

/** The load, the edited one at once; an edit made offline says it waits to be sent. */
function LoadValue({ exercise }: { exercise: Exercise }) {
  const waiting = useLoadUpdateWaiting(exercise.id);
  return (
    <>
      {formatLoad(exercise.carga)}
      {waiting && (
        <span className="mt-0.5 flex items-center gap-1 text-caption font-semibold text-warning-soft-foreground">
          <CloudUpload aria-hidden className="size-3.5 shrink-0" />
          {LOAD_WAITING_MESSAGE}
        </span>
      )}
    </>
  );
}

/**
 * One term and its value. A group of a list holds only dt and dd, so the action sits in the term;
 * every term is as tall as the action's row, so the four labels line up.
 */
function Stat({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-20 flex-col justify-between gap-1 rounded-xl border border-border bg-card px-4 py-3">
      <dt className="flex min-h-7 items-center justify-between gap-2 text-caption font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
        {action}
      </dt>
      <dd className="text-title font-bold tabular-nums">{children}</dd>
    </div>
  );
}
