import { Droplet, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '@acompanha/ui/button';
import { Card } from '@acompanha/ui/card';
import { formatTime } from '@acompanha/ui/dates';
import { IconTile } from '@acompanha/ui/icon-tile';
import { showUndoToast } from '../../components/undo-toast';
import { useLatestEvaluation } from '../../lib/session/evaluations';
import { progressPercent, waterGoal } from './water-log';
import { useWaterLog } from './use-water-log';

/** SPEC.md §4: 250 ml per tap up to the day's goal, the share drunk and the time of the last glass. */
export function WaterCard() {
  const { data: evaluation } = useLatestEvaluation();
  const goal = waterGoal(evaluation?.consumo_ideal_agua);
  const { millilitres, lastRecord, atGoal, add, reset, undoReset, confirmReset } = useWaterLog(goal);
  const percent = progressPercent(millilitres, goal);
  const headingId = useId();
  const undoToast = useRef<number | null>(null);
  // Leaving Home ends the chance to undo: the 'Recomeçar' is sent, and no 'Desfazer' stays behind.
  useEffect(
    () => () => {
      if (undoToast.current !== null) toast.dismiss(undoToast.current);
    },
    [],
  );
  const restart = () => {
    reset();
    undoToast.current = showUndoToast('Consumo de água zerado.', {
      onUndo: () => {
        undoToast.current = null;
        undoReset();
      },
      onExpire: () => {
        undoToast.current = null;
        confirmReset();
      },
    });
  };

  return (
    <Card role="region" aria-labelledby={headingId} data-slot="water-card" className="gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <IconTile icon={Droplet} tone="info" iconClassName="fill-current" />
          <div className="flex flex-col">
            <h2 id={headingId} className="text-body font-bold">
              Consumo de água
            </h2>
            <p className="text-small text-muted-foreground">
              {millilitres} ml de {goal} ml
            </p>
          </div>
        </div>
        <p className="text-headline font-bold text-info-soft-foreground tabular-nums">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Progresso do consumo de água"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-info-soft"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-water-start to-water-end transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="min-h-5 text-small text-muted-foreground">
        {lastRecord ? `Último registro às ${formatTime(lastRecord)}` : 'Nenhum registro hoje'}
      </p>
      {atGoal ? (
        <Button variant="outline" onClick={restart}>
          <RotateCcw aria-hidden />
          Recomeçar
        </Button>
      ) : (
        <Button onClick={add}>
          <Plus aria-hidden />
          Adicionar 250 ml
        </Button>
      )}
    </Card>
  );
}
