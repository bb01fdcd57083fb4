import { useCallback, useEffect, useState } from 'react';

/** The browser's notification permission; 'unsupported' where there are no notifications at all. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

/** The one reading of the permission, for the rest timer's notice and the push settings alike. */
export function notificationPermission(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/**
 * Asks for the permission where it was never answered (browsers prompt only within a tap), and
 * resolves with the permission as it then is. Throws when the browser could not ask.
 */
export function requestNotificationPermission(): Promise<NotificationPermissionState> {
  const current = notificationPermission();
  return current === 'default' ? Notification.requestPermission() : Promise.resolve(current);
}

/** The permission, kept current when the client answers the prompt or changes it in the browser's settings. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState(notificationPermission);

  useEffect(() => {
    // A change made in the browser's settings shows when the client comes back to the tab.
    const refresh = () => setPermission(notificationPermission());
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);

  const request = useCallback(async () => {
    try {
      setPermission(await requestNotificationPermission());
    } catch (error) {
      console.warn('Notification permission could not be requested', error);
    }
  }, []);

  return { permission, request };
}
