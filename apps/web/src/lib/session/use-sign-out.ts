import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearAll } from '../storage';

/** Clears all local storage and leaves for the login screen (SPEC.md §2, §4). */
export function useSignOut(): (to?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to = '/login') => {
      clearAll();
      void navigate(to, { replace: true });
    },
    [navigate],
  );
}
