import { Timer, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
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

  if (runsHere) {
    return (
      <div
        ref={panel}
        className="flex scroll-mb-28 flex-col items-center gap-3 rounded-2xl bg-primary-soft p-4 text-primary-soft-foreground"
      >
        <p className="text-small font-semibold">Descanso</p>
        <p role="timer" aria-label="Tempo de descanso restante" className="text-[3rem] leading-none font-bold tabular-nums">
          {formatCountdown(running!.secondsLeft)}
        </p>
        <Button variant="outline" className="w-full" onClick={cancel}>
          <X aria-hidden />
          Cancelar descanso
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <Button className="w-full" disabled={running !== null} onClick={() => start(exerciseId, seconds)}>
        <Timer aria-hidden />
        Iniciar descanso
      </Button>
      {running && (
        <p className="text-small text-muted-foreground">
          Outro descanso em andamento: <span className="font-semibold tabular-nums">{formatCountdown(running.secondsLeft)}</span>
        </p>
      )}
    </div>
  );
}
