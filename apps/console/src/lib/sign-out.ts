import { endServerSession } from '@acompanha/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';
import { tokens } from './session';

/**
 * 'Sair': the server ends the session (its refresh family), and nothing of it stays in the browser,
 * whether or not the server could be told.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const refreshToken = tokens.refreshToken();
    if (refreshToken) void endServerSession(api, refreshToken);
    tokens.clear();
    queryClient.clear();
  }, [queryClient]);
}
