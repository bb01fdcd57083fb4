import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API_BASE } from './api-client';
import { clearSession, readSession } from './session';

/** Ends a session on the server (its refresh family); a failure to reach it changes nothing here. */
export function endServerSession(refreshToken: string): Promise<void> {
  return fetch(`${API_BASE}/v1/auth/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * 'Sair': the server ends the session (its refresh family), and nothing of it stays in the browser,
 * whether or not the server could be told.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const session = readSession();
    if (session) void endServerSession(session.refresh_token);
    clearSession();
    queryClient.clear();
  }, [queryClient]);
}
