import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearPersistedQueries } from '../query-persistence';
import { clearAll } from '../storage';

/** Clears all local storage and the saved plan, and leaves for the login screen (SPEC.md §2, §4). */
export function useSignOut(): (to?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (to = '/login') => {
      clearAll();
      queryClient.clear();
      void clearPersistedQueries();
      void navigate(to, { replace: true });
    },
    [navigate, queryClient],
  );
}
