import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { closeToast, currentToasts, subscribeToToasts, TOAST_DURATION_MS, type Toast, type ToastType } from '../lib/toast';

/** SPEC.md §9: at most 3 toasts show at once; the others wait, their time not yet running. */
const VISIBLE_TOASTS = 3;
/** A toast pulled sideways this far is dismissed. */
const SWIPE_PX = 48;

const TYPE_CLASSES: Record<ToastType, string> = {
  default: 'border-border bg-card text-foreground',
  success: 'border-primary-soft-border bg-primary-soft text-primary-soft-foreground',
  error: 'border-destructive-soft-border bg-destructive-soft text-destructive-soft-foreground',
};

/**
 * Where lib/toast.ts's toasts show: at the top, in a live region that is there before any toast,
 * so that each one is read out as it comes. Their time stops while a finger or the pointer is on
 * them, while one of their buttons has focus, and while the app is in the background.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts, currentToasts);
  return (
    <section
      aria-label="Notificações"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center px-4 pt-[max(1rem,env(safe-area-inset-top))]"
    >
      {toasts.length > 0 && <ToastList toasts={toasts.slice(0, VISIBLE_TOASTS)} />}
    </section>
  );
}

/** Mounted while toasts show, so that a pointer or focus that left with the last one holds nothing back. */
function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  const [held, setHeld] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useDocumentHidden();
  const paused = held || focused || hidden;
  return (
    <ol
      className="flex w-89 max-w-full flex-col gap-2"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={paused} />
      ))}
    </ol>
  );
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  const { id, type, message, description, action, duration = TOAST_DURATION_MS } = toast;
  const left = useRef(duration);
  const [offset, setOffset] = useState(0);
  const swipe = useRef<number | null>(null);

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => closeToast(id, 'expired'), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - startedAt;
    };
  }, [id, duration, paused]);

  const swipeStart = (event: PointerEvent) => {
    if ((event.target as Element).closest('button')) return;
    swipe.current = event.clientX;
  };
  const swipeMove = (event: PointerEvent) => {
    if (swipe.current !== null) setOffset(event.clientX - swipe.current);
  };
  const swipeEnd = () => {
    swipe.current = null;
    if (Math.abs(offset) >= SWIPE_PX) closeToast(id, 'dismissed');
    else setOffset(0);
  };

  return (
    <li
      data-type={type}
      className={`pointer-events-auto flex animate-toast-in touch-pan-y items-center gap-3 rounded-xl border px-4 py-3 text-small shadow-lg select-none ${TYPE_CLASSES[type]}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 160, 0.6) } : undefined}
      onPointerDown={swipeStart}
      onPointerMove={swipeMove}
      onPointerUp={swipeEnd}
      onPointerCancel={swipeEnd}
      onPointerLeave={swipeEnd}
    >
      {type === 'success' && <CircleCheck aria-hidden className="size-5 shrink-0" />}
      {type === 'error' && <CircleAlert aria-hidden className="size-5 shrink-0" />}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{message}</p>
        {description && <p>{description}</p>}
      </div>
      {action && (
        <button
          type="button"
          className="min-h-11 shrink-0 cursor-pointer rounded-lg bg-foreground px-3 font-semibold text-card"
          onClick={() => {
            action.onClick();
            closeToast(id, 'acted');
          }}
        >
          {action.label}
        </button>
      )}
    </li>
  );
}

function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    () => document.hidden,
    () => false,
  );
}
