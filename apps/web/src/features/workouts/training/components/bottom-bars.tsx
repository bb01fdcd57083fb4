import { Dumbbell, Timer } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { useRootAttribute } from '../../../../lib/use-root-attribute';
import { formatCountdown, useRestTimer } from '../rest/rest-timer';
import { useTrainedWorkoutId, useTrainedWorkoutTitle } from '../store/train-session';
import { RestAdjustButtons } from '../rest/rest-timer-control';

/**
 * The fixed place above the bottom navigation, for rows 4rem tall (3rem on a short screen); it tells
 * the root how many it holds (`data-bottom-bar-rows`), so that the scroll padding (index.css) keeps
 * focus clear of them.
 */
export function BottomBar({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const rows = Children.toArray(children).length;
  useRootAttribute('bottom-bar-rows', String(rows));
  return (
    <>
      {/* Keeps the end of the screen's content clear of the bar, as the main's padding does for the navigation. */}
      <div aria-hidden className={rows > 1 ? 'h-32 shrink-0 short:h-24' : 'h-16 shrink-0 short:h-12'} />
      <section
        aria-label={label}
        data-bottom-bar
        className={cn(
          'fixed inset-x-0 bottom-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))] z-20 divide-y divide-border border-t border-border',
          className,
        )}
      >
        {children}
      </section>
    </>
  );
}

/** Train mode's focus: a session is trained on its own workout's screen (decision 038). */
export function useFocusMode(): boolean {
  const workoutId = useTrainedWorkoutId();
  const { pathname } = useLocation();
  return workoutId !== null && pathname === `/workout/${workoutId}`;
}

/**
 * What goes on while the client is on another screen, above the bottom navigation: a running rest
 * (but on the workout that shows its whole countdown) and a session being trained (but on its
 * workout, whose train bar shows both).
 */
export function BottomBars() {
  const { running } = useRestTimer();
  // Only which workout is trained: a set ticked elsewhere does not render the bars.
  const trainedWorkoutId = useTrainedWorkoutId();
  const { pathname } = useLocation();
  const onTrainedWorkout = useFocusMode();
  const showRest = running !== null && !onTrainedWorkout && pathname !== `/workout/${running.workoutId}`;
  const showSession = trainedWorkoutId !== null && !onTrainedWorkout;
  if (showRest && !showSession) {
    return (
      <BottomBar label="Descanso em andamento" className="bg-primary-soft text-primary-soft-foreground">
        <RunningRest />
      </BottomBar>
    );
  }
  if (!showSession) return null;
  return (
    <BottomBar label="Treino em andamento" className="bg-card">
      {showRest && <RestRow />}
      <SessionElsewhere workoutId={trainedWorkoutId} />
    </BottomBar>
  );
}

/** The running rest as a row of a bar that holds another below it. */
export function RestRow() {
  return (
    <section aria-label="Descanso em andamento" className="bg-primary-soft text-primary-soft-foreground">
      <RunningRest />
    </section>
  );
}

/** The running rest in one row: its countdown and exercise (a link back to it), and '−15 s' / '+15 s'. */
function RunningRest() {
  const { running } = useRestTimer();
  const { pathname } = useLocation();
  if (!running) return null;
  const path = `/workout/${running.workoutId}`;
  return (
    <div className="mx-auto flex h-16 max-w-md items-center gap-2 px-3 short:h-12">
      <Link
        to={`${path}?exercicio=${running.exerciseId}`}
        // On its own workout it only changes the exercise shown; from elsewhere the workout opens at its top.
        preventScrollReset={pathname === path}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg"
      >
        <Timer aria-hidden className="size-5 shrink-0" />
        <span className="flex min-w-0 flex-col">
          <span className="flex items-baseline gap-1.5">
            <span className="text-caption font-semibold">Descanso</span>
            <span role="timer" className="text-title leading-tight font-bold tabular-nums">
              {formatCountdown(running.secondsLeft)}
            </span>
          </span>
          <span className="truncate text-small font-semibold">{running.title}</span>
        </span>
      </Link>
      <RestAdjustButtons className="shrink-0 [&_button]:px-2.5" />
    </div>
  );
}

/** A session left running on its workout: a way back to it from any screen. */
function SessionElsewhere({ workoutId }: { workoutId: number }) {
  const title = useTrainedWorkoutTitle();
  return (
    <div className="mx-auto flex h-16 max-w-md items-center gap-3 px-4 short:h-12">
      <Dumbbell aria-hidden className="size-5 shrink-0 text-primary" />
      <p className="flex min-w-0 flex-1 flex-col">
        <span className="text-caption font-semibold text-muted-foreground">Treino em andamento</span>
        <span className="truncate text-small font-bold">{title}</span>
      </p>
      <Button asChild size="sm">
        <Link to={`/workout/${workoutId}`}>Continuar treino</Link>
      </Button>
    </div>
  );
}
