import { paths, type Session, sessionReadSchema, type SessionRequest } from '@acompanha/contract';
import { useMutationState, useQueryClient, type MutationObserverOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { isTransientError, SessionChangedError } from '@acompanha/client';
import { api } from '../../../../lib/api-client';
import { assertMadeBySignedInUser, madeBySignedInUser } from '../../../../lib/session/current-user';
import { trainingKeys } from '../../../../lib/training-keys';

export const SESSION_UPLOAD_ERROR = 'Não foi possível salvar o treino.';

export const sessionUploadKey = ['training', 'upload'] as const;

/**
 * A session and its 'Como foi?' go out one after the other, in one scope of their own: the word
 * never reaches the server before its session, and a session the server keeps failing on holds up
 * no other. The scope is kept with each queued write, across a reload.
 */
export const sessionWritesScope = (sessionId: string) => ({ id: `training-session:${sessionId}` });

export interface SessionUploadVariables {
  workoutId: number;
  session: SessionRequest;
}

export async function uploadSession({ workoutId, session }: SessionUploadVariables): Promise<Session> {
  return api.call(paths.workoutSessions(workoutId), sessionReadSchema, { method: 'POST', body: session });
}

/**
 * Every session sent runs with these, also one ended offline and resumed after the app was closed
 * and opened again (its function cannot travel through the persisted cache, so it lives here, by
 * key). The call is idempotent on the session's id, so a dropped connection or a server error is
 * tried again for as long as it takes (TanStack's backoff, at most every 30 s); only the server's
 * refusal is final; it only ever goes out for the client who made it. Once stored, the workout's
 * sessions and its exercises' history are read again.
 */
export function sessionUploadDefaults(queryClient: QueryClient): MutationObserverOptions<Session, Error, SessionUploadVariables> {
  return {
    mutationFn: (variables, { meta }) => {
      assertMadeBySignedInUser(meta);
      return uploadSession(variables);
    },
    retry: (_failures, error) => isTransientError(error),
    // A session made by another account waits for its owner (lib/unsent-work.ts): nothing to say to this one.
    onError: (error) => {
      if (!(error instanceof SessionChangedError)) toast.error(SESSION_UPLOAD_ERROR);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
  };
}

/**
 * POST /v1/treinos/{id}/sessoes, with the defaults above: sends a session in the scope of its own
 * (`sessionWritesScope`), made for it as it is sent. A hook's mutation would take the options of
 * its next render, and a session still waiting would move to the next session's scope.
 */
export function useUploadSession() {
  const queryClient = useQueryClient();
  return (variables: SessionUploadVariables) => {
    const mutation = queryClient
      .getMutationCache()
      .build<Session, Error, SessionUploadVariables, unknown>(queryClient, { mutationKey: sessionUploadKey, meta: madeBySignedInUser(), scope: sessionWritesScope(variables.session.id) });
    // A failure is told by the defaults' onError and by the summary's status.
    mutation.execute(variables).catch(() => undefined);
  };
}

export type SessionUploadStatus = 'waiting' | 'sending' | 'sent' | 'refused';

/** Where the sending of this session stands: waiting for a connection, under way, stored, or refused. */
export function useSessionUploadStatus(sessionId: string): SessionUploadStatus | null {
  const [state] = useMutationState({
    filters: {
      mutationKey: sessionUploadKey,
      predicate: (mutation) => (mutation.state.variables as SessionUploadVariables | undefined)?.session.id === sessionId,
    },
    select: (mutation) => mutation.state,
  }).slice(-1);
  if (!state) return null;
  if (state.status === 'success') return 'sent';
  if (state.status === 'error') return 'refused';
  return state.isPaused ? 'waiting' : 'sending';
}
