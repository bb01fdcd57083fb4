import { Timer, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { formatCountdown, useRestTimer } from '../hooks/rest-timer';

/** Starts this exercise's rest; while any rest runs the other exercises cannot start one. */
export function RestTimerControl({ exerciseId, seconds }: { exerciseId: number; seconds: number }) {
  const { running, start, cancel } = useRestTimer();
  const runsHere = running?.exerciseId === exerciseId;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The countdown is taller than the button it replaces: keep it clear of the bottom tab bar.
    if (runsHere) panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
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
      <Button
        variant={runsHere ? 'outline' : 'default'}
        className="w-full"
        disabled={running !== null && !runsHere}
        onClick={runsHere ? cancel : () => start(exerciseId, seconds)}
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
