import type { Exercise } from '@acompanha/contract';
import { CheckCheck } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { formatCountdown, useRestTimer } from '../rest/rest-timer';
import { useConcludeSession } from '../hooks/use-conclude-session';
import { setCounts } from '../model/session';
import { exercisesLeft } from '../model/progress';
import { workLeftQuestion } from '../model/summary';
import { BottomBar } from './bottom-bars';
import { RestAdjustButtons } from '../rest/rest-timer-control';

type Stage = { name: 'closed' } | { name: 'nothing-done' } | { name: 'work-left'; left: number } | { name: 'discard' };

/**
 * Train mode's bar above the bottom navigation, while this workout is trained: the running rest,
 * which exercise of how many is open and how many sets are done, and 'Concluir treino'. With work
 * left it asks first ('Faltam 3 exercícios. Concluir assim mesmo?'); then it shows the summary and
 * sends the session, now or when a connection returns. Discarding asks on its own, and 'Desfazer'
 * brings the session back for 10 s. The session's rest ends with it.
 */
// The summary shows once a session ends: fetched then, not with the workout (the service worker precaches it for offline).
const SessionSummary = lazy(async () => ({ default: (await import('./session-summary')).SessionSummary }));

export function TrainBar({ workoutId, exercises, current }: { workoutId: number; exercises: Exercise[]; current: number }) {
  const session = useConcludeSession(workoutId, exercises);
  const { training } = session;
  const [stage, setStage] = useState<Stage>({ name: 'closed' });
  const counts = training ? setCounts(training, exercises) : null;

  const conclude = () => {
    session.conclude();
    setStage({ name: 'closed' });
  };

  const askToConclude = () => {
    if (!training || !counts) return;
    const left = exercisesLeft(training, exercises);
    if (counts.done === 0) setStage({ name: 'nothing-done' });
    else if (left > 0) setStage({ name: 'work-left', left });
    else conclude();
  };

  const discard = () => {
    session.discard();
    setStage({ name: 'closed' });
  };

  const close = () => setStage({ name: 'closed' });
  return (
    <>
      {training && counts && (
        <BottomBar label="Treino em andamento" className="bg-card">
          {/* One slim row: where the client is, the rest with its −15 s / +15 s, and 'Concluir'. */}
          <div className="mx-auto flex h-16 max-w-md items-center gap-2 px-3 whitespace-nowrap short:h-12 max-[359px]:gap-1 max-[359px]:px-2">
            <p className="flex min-w-0 flex-1 flex-col leading-tight">
              <span className="truncate text-caption font-bold min-[420px]:text-small">
                {/* A 320 px phone shows 'Ex.' (drawn by CSS); a screen reader always hears the word. */}
                <span className="max-[359px]:sr-only">Exercício</span>
                <span aria-hidden className="hidden before:content-['Ex.'] max-[359px]:inline" /> {current + 1} de {exercises.length}
              </span>
              <span className="truncate text-caption text-muted-foreground tabular-nums">
                {counts.done} de {counts.total} séries
              </span>
            </p>
            <BarRest />
            <Button size="sm" className="shrink-0 px-3 max-[359px]:px-2" aria-label="Concluir treino" onClick={askToConclude}>
              <CheckCheck aria-hidden className="max-[419px]:hidden" />
              Concluir
            </Button>
          </div>
        </BottomBar>
      )}
      <Dialog open={stage.name !== 'closed'} onOpenChange={(open) => !open && close()}>
        <DialogContent>
          {stage.name === 'discard' ? (
            <Question
              title="Descartar treino?"
              description={`${counts?.done ?? 0} de ${counts?.total ?? 0} séries feitas: nada deste treino será salvo.`}
            >
              <Button variant="destructive" onClick={discard}>
                Descartar treino
              </Button>
              <Button variant="outline" onClick={close}>
                Continuar treinando
              </Button>
            </Question>
          ) : (
            <Question
              title={stage.name === 'work-left' ? workLeftQuestion(stage.left) : 'Nenhuma série feita'}
              description={
                stage.name === 'work-left'
                  ? `${counts?.done ?? 0} de ${counts?.total ?? 0} séries feitas.`
                  : 'Marque ao menos uma série feita para concluir, ou descarte o treino.'
              }
            >
              {stage.name === 'work-left' && <Button onClick={conclude}>Concluir assim mesmo</Button>}
              <Button variant="outline" onClick={close}>
                Continuar treinando
              </Button>
              <Button variant="ghost" className="text-destructive" onClick={() => setStage({ name: 'discard' })}>
                Descartar treino
              </Button>
            </Question>
          )}
        </DialogContent>
      </Dialog>
      {session.concluded && (
        <Suspense>
          <SessionSummary concluded={session.concluded} onClose={session.closeSummary} />
        </Suspense>
      )}
    </>
  );
}

/** The running rest in the bar, with '−15 s' and '+15 s'. */
function BarRest() {
  const { running } = useRestTimer();
  if (!running) return null;
  return (
    <RestAdjustButtons className="shrink-0">
      <p className="flex w-12 flex-col items-center leading-none text-primary-soft-foreground">
        <span className="text-[0.6875rem] font-semibold">Descanso</span>
        <span role="timer" className="text-title font-bold tabular-nums">
          {formatCountdown(running.secondsLeft)}
        </span>
      </p>
    </RestAdjustButtons>
  );
}

function Question({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">{children}</div>
    </>
  );
}
