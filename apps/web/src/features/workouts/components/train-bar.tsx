import type { Exercise, HistoryEntry } from '@acompanha/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, CloudUpload, Trophy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { formatDecimal } from '@acompanha/ui/format';
import { trainingKeys } from '../../../lib/training-keys';
import { SESSION_UPLOAD_ERROR, useSessionUploadStatus, useUploadSession, type SessionUploadStatus } from '../api/session-upload';
import { useRestTimer } from '../hooks/rest-timer';
import {
  endTrainSession,
  sessionRequest,
  sessionSummary,
  setCounts,
  useTrainSession,
  type SessionSummary,
} from '../hooks/train-session';
import { BottomBar, RestRow } from './bottom-bars';

/** 48 -> '48 min'; 65 -> '1 h 05 min'. */
function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const UPLOAD_STATUS: Record<SessionUploadStatus, string> = {
  waiting: 'Sem conexão: o treino será enviado quando a internet voltar.',
  sending: 'Enviando treino…',
  sent: 'Treino salvo.',
  refused: SESSION_UPLOAD_ERROR,
};

type Stage = { name: 'closed' } | { name: 'confirm' } | { name: 'summary'; sessionId: string; summary: SessionSummary };

/**
 * Train mode's bar above the bottom navigation, while this workout is trained: the running rest,
 * which exercise of how many is open and how many sets are done, and 'Concluir treino', which asks
 * first (a thumb brushes a bar at the bottom of the screen) and then shows the summary and sends
 * the session, now or when a connection returns.
 */
export function TrainBar({ workoutId, exercises, current }: { workoutId: number; exercises: Exercise[]; current: number }) {
  const session = useTrainSession();
  const { running } = useRestTimer();
  const [stage, setStage] = useState<Stage>({ name: 'closed' });
  const upload = useUploadSession();
  const queryClient = useQueryClient();
  const training = session?.workoutId === workoutId ? session : null;

  const conclude = () => {
    if (!training) return;
    const request = sessionRequest(training, exercises, new Date());
    const summary = sessionSummary(request, exercises, (id) => queryClient.getQueryData<HistoryEntry[]>(trainingKeys.history(id)));
    upload.mutate({ workoutId, session: request });
    endTrainSession();
    setStage({ name: 'summary', sessionId: request.id, summary });
  };
  const discard = () => {
    endTrainSession();
    setStage({ name: 'closed' });
  };

  const counts = training ? setCounts(training, exercises) : null;
  return (
    <>
      {training && counts && (
        <BottomBar label="Treino em andamento" className="bg-card">
          {running && <RestRow />}
          {/* Below 360 px (a 320 px phone) smaller type and no icon keep each line on one line. */}
          <div className="mx-auto flex h-16 max-w-md items-center gap-3 px-4 whitespace-nowrap short:h-12 max-[359px]:gap-2 max-[359px]:px-3">
            <p className="flex min-w-0 flex-1 flex-col">
              <span className="text-body font-bold max-[359px]:text-small">
                Exercício {current + 1} de {exercises.length}
              </span>
              <span className="text-small text-muted-foreground tabular-nums max-[359px]:text-caption">
                {counts.done} de {counts.total} séries feitas
              </span>
            </p>
            <Button size="sm" onClick={() => setStage({ name: 'confirm' })}>
              <CheckCheck aria-hidden className="max-[359px]:hidden" />
              Concluir treino
            </Button>
          </div>
        </BottomBar>
      )}
      <Dialog open={stage.name !== 'closed'} onOpenChange={(open) => !open && setStage({ name: 'closed' })}>
        <DialogContent>
          {stage.name === 'summary' ? (
            <Summary sessionId={stage.sessionId} summary={stage.summary} onClose={() => setStage({ name: 'closed' })} />
          ) : (
            <Confirm done={counts?.done ?? 0} total={counts?.total ?? 0} onConclude={conclude} onDiscard={discard} onContinue={() => setStage({ name: 'closed' })} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Confirm({
  done,
  total,
  onConclude,
  onDiscard,
  onContinue,
}: {
  done: number;
  total: number;
  onConclude: () => void;
  onDiscard: () => void;
  onContinue: () => void;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Concluir treino?</DialogTitle>
        <DialogDescription>
          {done} de {total} séries feitas.
          {done === 0 && ' Marque ao menos uma série feita para concluir, ou descarte o treino.'}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Button disabled={done === 0} onClick={onConclude}>
          Concluir treino
        </Button>
        <Button variant="outline" onClick={onContinue}>
          Continuar treinando
        </Button>
        <Button variant="ghost" className="text-destructive" onClick={onDiscard}>
          Descartar treino
        </Button>
      </div>
    </>
  );
}

function Summary({ sessionId, summary, onClose }: { sessionId: string; summary: SessionSummary; onClose: () => void }) {
  const status = useSessionUploadStatus(sessionId);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Treino concluído!</DialogTitle>
        <DialogDescription>Veja o resumo do que você fez hoje.</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Duração">{formatDuration(summary.minutes)}</Figure>
        <Figure label="Séries">{summary.sets}</Figure>
        <Figure label="Volume">{formatDecimal(summary.volume)} kg</Figure>
      </dl>
      {summary.records.length > 0 && (
        <section aria-labelledby="summary-records" className="flex flex-col gap-1 rounded-xl bg-warning-soft px-4 py-3 text-warning-soft-foreground">
          <h3 id="summary-records" className="flex items-center gap-1.5 text-small font-bold">
            <Trophy aria-hidden className="size-4" />
            {summary.records.length === 1 ? 'Novo recorde' : 'Novos recordes'}
          </h3>
          <ul className="text-small">
            {summary.records.map((record) => (
              <li key={record.title}>
                {record.title}: {formatDecimal(record.carga)} kg × {record.repeticoes}
              </li>
            ))}
          </ul>
        </section>
      )}
      {status && (
        <p role="status" className="flex items-start gap-2 text-small font-medium text-muted-foreground">
          {status === 'waiting' && <CloudUpload aria-hidden className="mt-0.5 size-4 shrink-0" />}
          {UPLOAD_STATUS[status]}
        </p>
      )}
      <Button onClick={onClose}>Pronto</Button>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl border border-border px-3 py-2 max-[359px]:px-2">
      <dt className="text-caption font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-body font-bold whitespace-nowrap tabular-nums max-[359px]:text-small">{children}</dd>
    </div>
  );
}
