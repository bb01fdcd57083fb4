import type { Exercise } from '@acompanha/contract';
import { Timer, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { formatCountdown, REST_STEP_SECONDS, useRestActions, useRestTimer } from './rest-timer';

/** Starts this exercise's rest; while any rest runs the other exercises cannot start one. */
export function RestTimerControl({ workoutId, exercise }: { workoutId: number; exercise: Exercise }) {
  const { running, start, cancel } = useRestTimer();
  const runsHere = running?.exerciseId === exercise.id;
  const panel = useRef<HTMLDivElement>(null);
  const startedHere = useRef(false);

  useEffect(() => {
    // The countdown is taller than the button it replaces: keep it clear of the bottom tab bar. Only
    // when this button started it: a set ticked in train mode starts a rest without moving the page.
    if (runsHere && startedHere.current) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    startedHere.current = false;
  }, [runsHere]);

  // One button that changes between start and cancel, so that keyboard focus stays on it.
  return (
    <div
      ref={panel}
      className={cn(
        'flex flex-col items-center',
        runsHere ? 'scroll-mb-28 gap-3 rounded-2xl bg-primary-soft p-4 text-primary-soft-foreground' : 'gap-2',
      )}
    >
      {runsHere && <p className="text-small font-semibold">Descanso</p>}
      {runsHere && (
        <p role="timer" aria-label="Tempo de descanso restante" className="text-[3rem] leading-none font-bold tabular-nums">
          {formatCountdown(running.secondsLeft)}
        </p>
      )}
      {runsHere && <RestAdjustButtons className="w-full" />}
      <Button
        variant={runsHere ? 'outline' : 'default'}
        className="w-full"
        disabled={running !== null && !runsHere}
        onClick={
          runsHere
            ? cancel
            : () => {
                startedHere.current = true;
                start({ workoutId, exerciseId: exercise.id, title: exercise.atividade.titulo, seconds: exercise.tempo_descanso });
              }
        }
      >
        {runsHere ? <X aria-hidden /> : <Timer aria-hidden />}
        {runsHere ? 'Cancelar descanso' : 'Iniciar descanso'}
      </Button>
      {running && !runsHere && (
        <p className="text-small text-muted-foreground">
          Outro descanso em andamento: <span className="font-semibold tabular-nums">{formatCountdown(running.secondsLeft)}</span>
        </p>
      )}
    </div>
  );
}

/** '−15 s' and '+15 s' for the running rest, side by side, or as '−15' and '+15' around `children` (the countdown, in train mode's slim bar). */
export function RestAdjustButtons({ className, children }: { className?: string; children?: ReactNode }) {
  const { adjust } = useRestActions();
  return (
    <div className={cn(children ? 'flex items-center gap-1' : 'grid grid-cols-2 gap-2', className)}>
      <Button variant="outline" size="sm" className={cn(children && 'w-11 px-0')} aria-label={`−${REST_STEP_SECONDS} s de descanso`} onClick={() => adjust(-REST_STEP_SECONDS)}>
        −{REST_STEP_SECONDS}
        {!children && ' s'}
      </Button>
      {children}
      <Button variant="outline" size="sm" className={cn(children && 'w-11 px-0')} aria-label={`+${REST_STEP_SECONDS} s de descanso`} onClick={() => adjust(REST_STEP_SECONDS)}>
        +{REST_STEP_SECONDS}
        {!children && ' s'}
      </Button>
    </div>
  );
}
