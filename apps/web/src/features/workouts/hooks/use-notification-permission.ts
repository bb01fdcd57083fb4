import { useCallback, useEffect, useState } from 'react';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

function currentPermission(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** The browser's notification permission, kept current when the client answers the prompt. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState(currentPermission);

  useEffect(() => {
    // A change made in the browser's settings shows when the client comes back to the tab.
    const refresh = () => setPermission(currentPermission());
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);

  const request = useCallback(async () => {
    if (currentPermission() !== 'default') return;
    try {
      setPermission(await Notification.requestPermission());
    } catch (error) {
      console.warn('Notification permission could not be requested', error);
    }
  }, []);

  return { permission, request };
}
