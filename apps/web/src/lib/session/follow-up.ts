import { useEffect } from 'react';
import { daysUntil } from '@acompanha/ui/dates';
import { useLatestEvaluation } from './evaluations';
import { endSession } from './session-end';

/** Warnings start when fewer than this many days are left (SPEC.md §9). */
export const WARNING_DAYS = 10;
/** At this many days past the end, or more, the client is signed out. */
export const FORCED_SIGN_OUT_DAYS = -10;

/** The trainer's site, where a client books the consultation that renews access. */
export const RENEWAL_URL = 'https://acompanha.app/agendar-consulta';

export const FOLLOW_UP_ENDED_MESSAGE =
  'Seu acompanhamento se encerrou. Para solicitar outro acompanhamento, entre em contato com seu nutricionista ou pressione este botão';

/** SPEC.md §4's warning for the days left to the end of the follow-up, or null when none is due. */
export function followUpMessage(daysLeft: number): string | null {
  if (daysLeft >= WARNING_DAYS) return null;
  if (daysLeft > 1) return `Faltam ${daysLeft} dias para o término de seu acompanhamento.`;
  if (daysLeft === 1) return 'Falta 1 dia para o término de seu acompanhamento.';
  return FOLLOW_UP_ENDED_MESSAGE;
}

export interface FollowUpExpiry {
  daysLeft: number;
  message: string;
  ended: boolean;
}

/**
 * Days left on the latest evaluation's follow-up and the warning to show, or null when there is
 * nothing to say. Ten days past the end it signs the client out to /login?expired=true.
 */
export function useFollowUpExpiry(): FollowUpExpiry | null {
  const { data: evaluation } = useLatestEvaluation();
  const daysLeft = evaluation ? daysUntil(evaluation.vencimento) : null;
  const expired = daysLeft !== null && daysLeft <= FORCED_SIGN_OUT_DAYS;

  useEffect(() => {
    if (expired) endSession({ clearDevice: true, redirectTo: '/login?expired=true' });
  }, [expired]);

  if (daysLeft === null || expired) return null;
  const message = followUpMessage(daysLeft);
  return message === null ? null : { daysLeft, message, ended: daysLeft <= 0 };
}
