import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { playRestSound, unlockRestSound } from './rest-sound';
import { useNotificationPermission, type NotificationPermissionState } from './use-notification-permission';

export const REST_DONE_TITLE = 'Descanso concluído!';
export const REST_DONE_DESCRIPTION = 'É hora de começar sua próxima série.';
const REST_CANCELLED_MESSAGE = 'Descanso cancelado.';

/** What the screen reader hears when a rest starts: once, not every second of the countdown. */
function restStartedMessage(seconds: number): string {
  return `Descanso de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} iniciado.`;
}

interface RunningRest {
  exerciseId: number;
  /** Wall-clock end: a phone that throttles timers in the background still ends on time. */
  endsAt: number;
}

interface RestTimerValue {
  /** The exercise whose rest is running and the whole seconds left, or null. */
  running: { exerciseId: number; secondsLeft: number } | null;
  start: (exerciseId: number, seconds: number) => void;
  cancel: () => void;
  permission: NotificationPermissionState;
  requestPermission: () => Promise<void>;
}

const RestTimerContext = createContext<RestTimerValue | null>(null);

function announceRestDone() {
  void playRestSound();
  toast.success(REST_DONE_TITLE, { description: REST_DONE_DESCRIPTION });
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    new Notification(REST_DONE_TITLE, { body: REST_DONE_DESCRIPTION, tag: 'rest-timer' });
  } catch (error) {
    // Android Chrome only shows notifications through a service worker; the toast and sound remain.
    console.warn('The rest notification could not be shown', error);
  }
}

/** One rest countdown for the whole workout (SPEC.md §4): it outlives switching exercise tabs. */
export function RestTimerProvider({ children }: { children: ReactNode }) {
  const [rest, setRest] = useState<RunningRest | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const { permission, request } = useNotificationPermission();

  useEffect(() => {
    if (!rest) return;
    let timeout: ReturnType<typeof setTimeout>;
    const tick = () => {
      clearTimeout(timeout);
      const left = rest.endsAt - Date.now();
      if (left <= 0) {
        setRest(null);
        // The toast says it, from the toaster's own live region: said here too, it would be heard twice.
        setAnnouncement('');
        announceRestDone();
        return;
      }
      setNow(Date.now());
      // Wakes at the next whole second of the countdown, so the display changes once a second.
      timeout = setTimeout(tick, left % 1000 || 1000);
    };
    timeout = setTimeout(tick, (rest.endsAt - Date.now()) % 1000 || 1000);
    // Back from the background: catch up at once instead of waiting for a throttled timer.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timeout);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [rest]);

  const start = useCallback(
    (exerciseId: number, seconds: number) => {
      if (rest) return;
      unlockRestSound();
      if (permission === 'default') void request();
      const startedAt = Date.now();
      setNow(startedAt);
      setRest({ exerciseId, endsAt: startedAt + seconds * 1000 });
      setAnnouncement(restStartedMessage(seconds));
    },
    [rest, permission, request],
  );

  const cancel = useCallback(() => {
    setRest(null);
    setAnnouncement(REST_CANCELLED_MESSAGE);
  }, []);

  const value = useMemo<RestTimerValue>(
    () => ({
      running: rest
        ? { exerciseId: rest.exerciseId, secondsLeft: Math.max(0, Math.ceil((rest.endsAt - now) / 1000)) }
        : null,
      start,
      cancel,
      permission,
      requestPermission: request,
    }),
    [rest, now, start, cancel, permission, request],
  );

  return (
    <RestTimerContext value={value}>
      {children}
      {/* The countdown itself is silent: this says when a rest starts or is cancelled; the end is the toast's. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </RestTimerContext>
  );
}

export function useRestTimer(): RestTimerValue {
  const value = use(RestTimerContext);
  if (!value) throw new Error('useRestTimer needs a RestTimerProvider');
  return value;
}

/** 90 -> '1:30'. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
