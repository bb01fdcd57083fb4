import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { formatKilograms, formatMinutes, formatSet, formatSwappedFrom } from '@acompanha/ui/format';
import { CloudUpload, Share2, Trophy } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { toast } from '../../../../lib/toast';
import { SESSION_UPLOAD_ERROR, useSessionUploadStatus, type SessionUploadStatus } from '../api/session-upload';
import { formatChange, summaryText, type SummaryText } from '../model/summary';
import { SessionFeedback } from './session-feedback';

const UPLOAD_STATUS: Record<SessionUploadStatus, string> = {
  waiting: 'Sem conexão: o treino será enviado quando a internet voltar.',
  sending: 'Enviando treino…',
  sent: 'Treino salvo.',
  refused: SESSION_UPLOAD_ERROR,
};

export interface ConcludedSession extends SummaryText {
  sessionId: string;
}

/** Shares the summary where the phone can (its share sheet), else copies it. */
async function share(text: string) {
  if (navigator.share) {
    try {
      await navigator.share({ title: 'Treino concluído', text });
    } catch {
      // Closing the share sheet is not an error the client needs to hear about.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Resumo copiado.');
  } catch {
    toast.error('Não foi possível copiar o resumo.');
  }
}

/**
 * What 'Concluir treino' leads to, over the whole screen: how long, how many sets, how much was
 * lifted against the workout's last session, each new record, 'Como foi?' for the team, and a line
 * per exercise; it can be shared as text, and says whether the session is saved yet.
 */
export function SessionSummary({ concluded, onClose }: { concluded: ConcludedSession; onClose: () => void }) {
  const status = useSessionUploadStatus(concluded.sessionId);
  const exercisesHeading = useRef<HTMLHeadingElement>(null);
  const { minutes, sets, volume, change, records, lines } = concluded;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="top-0 left-0 h-dvh w-full max-w-none translate-x-0 translate-y-0 gap-5 overflow-y-auto rounded-none px-4 pt-8 pb-6 sm:px-6">
        <div className="mx-auto flex w-full max-w-md flex-col gap-5">
          <DialogHeader>
            <DialogTitle className="text-headline">Treino concluído!</DialogTitle>
            <DialogDescription className="text-body">{concluded.workoutTitle}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-3 gap-2">
            <Figure label="Duração">{formatMinutes(minutes)}</Figure>
            <Figure label="Séries">{sets}</Figure>
            <Figure label="Volume">{formatKilograms(volume)}</Figure>
          </dl>
          {change !== null && (
            <p className="-mt-2 text-small font-semibold text-muted-foreground">
              Volume {formatChange(change)} em relação ao último treino
            </p>
          )}
          {records.length > 0 && (
            <section aria-labelledby="summary-records" className="flex flex-col gap-1 rounded-xl bg-warning-soft px-4 py-3 text-warning-soft-foreground">
              <h3 id="summary-records" className="flex items-center gap-1.5 text-small font-bold">
                <Trophy aria-hidden className="size-4" />
                {records.length === 1 ? 'Novo recorde' : 'Novos recordes'}
              </h3>
              <ul className="text-small">
                {records.map((record) => (
                  <li key={record.title}>
                    {record.title}: {formatSet(record)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {/* A session the server refused has no word to take. */}
          {status !== 'refused' && <SessionFeedback sessionId={concluded.sessionId} onSkip={() => exercisesHeading.current?.focus()} />}
          <section aria-labelledby="summary-exercises" className="flex flex-col gap-2">
            <h3 id="summary-exercises" ref={exercisesHeading} tabIndex={-1} className="text-body font-bold">
              Exercícios
            </h3>
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
              {lines.map((line) => (
                <li key={line.title} className="flex flex-col gap-0.5 px-4 py-2.5">
                  <span className="text-small font-semibold">{line.title}</span>
                  {line.swappedFrom && <span className="text-caption text-muted-foreground first-letter:uppercase">{formatSwappedFrom(line.swappedFrom)}</span>}
                  <span className="text-small text-muted-foreground tabular-nums">{line.sets ?? 'Não feito'}</span>
                </li>
              ))}
            </ul>
          </section>
          {status && (
            <p role="status" className="flex items-start gap-2 text-small font-medium text-muted-foreground">
              {status === 'waiting' && <CloudUpload aria-hidden className="mt-0.5 size-4 shrink-0" />}
              {UPLOAD_STATUS[status]}
            </p>
          )}
          <div className="flex flex-col gap-2">
            <Button variant="outline" onClick={() => void share(summaryText(concluded))}>
              <Share2 aria-hidden />
              Compartilhar
            </Button>
            <Button onClick={onClose}>Pronto</Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
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
