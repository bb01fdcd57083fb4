import { isTransientError, SessionChangedError } from '@acompanha/client';
import { paths, sessionReadSchema, type Session, type SessionFeedbackRequest } from '@acompanha/contract';
import { useMutation, type MutationObserverOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { assertMadeBySignedInUser, madeBySignedInUser } from '../../../../lib/session/current-user';
import { toast } from '../../../../lib/toast';
import { sessionWritesScope } from './session-upload';

export const SESSION_FEEDBACK_ERROR = 'Não foi possível enviar como foi o treino.';

export const sessionFeedbackKey = ['training', 'feedback'] as const;

export interface SessionFeedbackVariables {
  sessionId: string;
  feedback: SessionFeedbackRequest;
}

/**
 * The client's 'Como foi?' of a session just ended (PATCH /v1/sessoes/{id}): it waits behind the
 * session itself (their scope, `sessionWritesScope`), offline too and across a reload, and is tried
 * again while the connection fails. The same word sent twice changes nothing.
 */
export function sessionFeedbackDefaults(): MutationObserverOptions<Session, Error, SessionFeedbackVariables> {
  return {
    mutationFn: ({ sessionId, feedback }, { meta }) => {
      assertMadeBySignedInUser(meta);
      return api.call(paths.session(sessionId), sessionReadSchema, { method: 'PATCH', body: feedback });
    },
    retry: (_failures, error) => isTransientError(error),
    onError: (error) => {
      if (!(error instanceof SessionChangedError)) toast.error(SESSION_FEEDBACK_ERROR);
    },
  };
}

export function useSendSessionFeedback(sessionId: string) {
  return useMutation<Session, Error, SessionFeedbackVariables>({ mutationKey: sessionFeedbackKey, meta: madeBySignedInUser(), scope: sessionWritesScope(sessionId) });
}
