import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '../../../../lib/toast';
import { z } from 'zod/mini';
import { STORAGE_KEYS } from '../../../../lib/storage';
import { userStore } from '../../../../lib/persisted-store';
import { currentUserIdOrNull } from '../../../../lib/session/current-user';
import { playRestSound, unlockRestSound } from './rest-sound';
import { notificationPermission, useNotificationPermission, type NotificationPermissionState } from '../../../../lib/notification-permission';

const REST_DONE_TITLE = 'Descanso concluído!';
const REST_DONE_DESCRIPTION = 'É hora de começar sua próxima série.';
const REST_CANCELLED_MESSAGE = 'Descanso cancelado.';
/** The live region of the rest's announcements, beside every signed-in screen's main content. */
const REST_ANNOUNCEMENT_ID = 'rest-announcement';
/** How much '−15 s' and '+15 s' change a running rest. */
export const REST_STEP_SECONDS = 15;

/** What the screen reader hears when a rest starts: once, not every second of the countdown. */
function restStartedMessage(seconds: number): string {
  return `Descanso de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} iniciado.`;
}

const runningRestSchema = z.object({
  /** Whose rest it is (SPEC.md §4: the rest is the signed-in client's): another account on the phone sees none. */
  userId: z.number(),
  workoutId: z.number(),
  exerciseId: z.number(),
  /** The exercise's name, for the bar that shows the rest on other screens. */
  title: z.string(),
  /** Wall-clock end: a phone that throttles timers in the background, or a reload, still ends on time. */
  endsAt: z.number(),
});

/** A rest that ended this long ago while the app was closed is still announced when it opens. */
const LATE_ANNOUNCEMENT_MS = 60_000;

const restStore = userStore(STORAGE_KEYS.restTimer, runningRestSchema);

/** Forgets a rest a reload or a closed app left running, once it is no longer worth showing. */
function forgetStaleRest() {
  const rest = restStore.read();
  if (rest && rest.endsAt <= Date.now() - LATE_ANNOUNCEMENT_MS) restStore.write(null);
}

/** What changes a rest, and the notification permission its end needs: steady while a rest counts down. */
interface RestActions {
  /** Starts a rest; one already running gives way (a set ticked done starts the next rest). */
  start: (rest: { workoutId: number; exerciseId: number; title: string; seconds: number }) => void;
  /** Moves the end of the running rest by `seconds` (negative: sooner). */
  adjust: (seconds: number) => void;
  cancel: () => void;
  /** Ends the running rest of this workout without a word (its session has ended); another workout's goes on. */
  endOf: (workoutId: number) => void;
  permission: NotificationPermissionState;
  requestPermission: () => Promise<void>;
}

/** The rest running, with the whole seconds left, or null: it changes every second. */
type RunningRestView = { workoutId: number; exerciseId: number; title: string; secondsLeft: number } | null;

interface RestTimerValue extends RestActions {
  running: RunningRestView;
}

// Two contexts, so that what only starts or adjusts a rest (a set's tick, the notification notice)
// does not render again with every second of the countdown.
const RestActionsContext = createContext<RestActions | null>(null);
const RunningRestContext = createContext<RunningRestView | undefined>(undefined);

function announceRestDone() {
  void playRestSound();
  navigator.vibrate?.([300, 150, 300]);
  toast.success(REST_DONE_TITLE, { description: REST_DONE_DESCRIPTION });
  if (notificationPermission() !== 'granted') return;
  try {
    new Notification(REST_DONE_TITLE, { body: REST_DONE_DESCRIPTION, tag: 'rest-timer' });
  } catch (error) {
    // Android Chrome only shows notifications through a service worker; the toast and sound remain.
    console.warn('The rest notification could not be shown', error);
  }
}

/**
 * One rest countdown for the whole signed-in app (SPEC.md §4): it outlives switching exercise tabs,
 * leaving the workout, a reload and a locked phone, since it keeps the wall-clock time it ends at.
 */
export function RestTimerProvider({ children }: { children: ReactNode }) {
  useState(forgetStaleRest);
  const rest = restStore.useValue();
  const setRest = restStore.write;
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
    timeout = setTimeout(tick, Math.max(0, (rest.endsAt - Date.now()) % 1000 || 1000));
    // Back from the background: catch up at once instead of waiting for a throttled timer.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timeout);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [rest, setRest]);

  const start = useCallback<RestTimerValue['start']>(
    ({ seconds, ...which }) => {
      const userId = currentUserIdOrNull();
      if (userId === null) return;
      unlockRestSound();
      if (permission === 'default') void request();
      const startedAt = Date.now();
      setNow(startedAt);
      setRest({ ...which, userId, endsAt: startedAt + seconds * 1000 });
      setAnnouncement(restStartedMessage(seconds));
    },
    [permission, request, setRest],
  );

  // Reads the rest when called, so that the actions stay the same object while a rest runs.
  const adjust = useCallback(
    (seconds: number) => {
      const running = restStore.read();
      if (!running) return;
      const at = Date.now();
      setNow(at);
      // Never below one second left: '−15 s' shortens a rest, the end still comes from the timer.
      setRest({ ...running, endsAt: Math.max(at + 1000, running.endsAt + seconds * 1000) });
    },
    [setRest],
  );

  const cancel = useCallback(() => {
    setRest(null);
    setAnnouncement(REST_CANCELLED_MESSAGE);
  }, [setRest]);

  const endOf = useCallback(
    (workoutId: number) => {
      if (restStore.read()?.workoutId !== workoutId) return;
      setRest(null);
      setAnnouncement('');
    },
    [setRest],
  );

  const actions = useMemo<RestActions>(
    () => ({ start, adjust, cancel, endOf, permission, requestPermission: request }),
    [start, adjust, cancel, endOf, permission, request],
  );
  const secondsLeft = rest ? Math.max(0, Math.ceil((rest.endsAt - now) / 1000)) : 0;
  const running = useMemo<RunningRestView>(
    () => (rest ? { workoutId: rest.workoutId, exerciseId: rest.exerciseId, title: rest.title, secondsLeft } : null),
    [rest, secondsLeft],
  );

  return (
    <RestActionsContext value={actions}>
      <RunningRestContext value={running}>{children}</RunningRestContext>
      {/* The countdown itself is silent: this says when a rest starts or is cancelled; the end is the toast's. */}
      <p id={REST_ANNOUNCEMENT_ID} role="status" className="sr-only">
        {announcement}
      </p>
    </RestActionsContext>
  );
}

/** Starting, adjusting and ending rests, without the countdown: no render each second. */
export function useRestActions(): RestActions {
  const actions = use(RestActionsContext);
  if (!actions) throw new Error('useRestActions needs a RestTimerProvider');
  return actions;
}

/** The running rest and its countdown, with the actions: renders every second while a rest runs. */
export function useRestTimer(): RestTimerValue {
  const running = use(RunningRestContext);
  const actions = useRestActions();
  if (running === undefined) throw new Error('useRestTimer needs a RestTimerProvider');
  return { ...actions, running };
}

/** 90 -> '1:30'. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
