import { Timer } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { formatCountdown, useRestTimer } from '../hooks/rest-timer';
import { useTrainSession } from '../hooks/train-session';
import { RestAdjustButtons } from './rest-timer-control';

/** The fixed place above the bottom navigation where a running rest, and train mode's bar, show. */
export const BOTTOM_BAR_CLASSES =
  'fixed inset-x-0 bottom-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))] z-20 border-t border-border';

/**
 * A running rest, above the bottom navigation on every screen but the workout that shows it
 * already (its own, with the whole countdown, or the one being trained, in the train bar): the
 * time left, '−15 s' and '+15 s', and a tap back to the exercise.
 */
export function RestBar() {
  const { running } = useRestTimer();
  const session = useTrainSession();
  const { pathname } = useLocation();
  if (!running || pathname === `/workout/${running.workoutId}` || pathname === `/workout/${session?.workoutId}`) return null;
  return (
    <>
      {/* Keeps the end of the screen's content clear of the bar, as the main's padding does for the navigation. */}
      <div aria-hidden className="h-16 shrink-0 short:h-12" />
      <section data-bottom-bar-row aria-label="Descanso em andamento" className={`${BOTTOM_BAR_CLASSES} bg-primary-soft text-primary-soft-foreground`}>
        <RunningRest />
      </section>
    </>
  );
}

/** The running rest in one row: its countdown and exercise (a link back to it), and '−15 s' / '+15 s'. */
export function RunningRest() {
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
