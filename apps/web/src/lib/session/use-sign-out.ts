import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authClient, LOGOUT_PATH } from '../api-client';
import { clearPersistedQueries } from '../query-persistence';
import { clearAll, getToken, STORAGE_KEYS } from '../storage';

/**
 * Ends the session on the server (without waiting: a slow gym network must not hold 'Sair' up),
 * clears all local storage and the saved plan, and leaves for the login screen (SPEC.md §2, §4).
 */
export function useSignOut(): (to?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (to = '/login') => {
      const refreshToken = getToken(STORAGE_KEYS.refreshToken);
      if (refreshToken) void authClient.post(LOGOUT_PATH, { refresh_token: refreshToken }).catch(() => undefined);
      clearAll();
      queryClient.clear();
      void clearPersistedQueries();
      void navigate(to, { replace: true });
    },
    [navigate, queryClient],
  );
}
