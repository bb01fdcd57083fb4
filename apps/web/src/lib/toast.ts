/**
 * The app's toasts (SPEC.md §9: 4 s, at most 3 visible, 356 px wide): a store any module can write
 * to, read by components/toaster.tsx. A toast leaves when its time is up (`onAutoClose`), when the
 * app or the client dismisses it (`onDismiss`), or when its action is taken (neither).
 */
export type ToastType = 'default' | 'success' | 'error';

export interface ToastOptions {
  /** A second line, under the message. */
  description?: string;
  /** How long it stays, in ms (Infinity: until dismissed); 4 s by default. */
  duration?: number;
  /** One button; taking it closes the toast. */
  action?: { label: string; onClick: () => void };
  onAutoClose?: () => void;
  onDismiss?: () => void;
}

export interface Toast extends ToastOptions {
  id: number;
  type: ToastType;
  message: string;
}

export const TOAST_DURATION_MS = 4000;

let toasts: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = ++lastId;
  // The newest first: it shows on top.
  publish([{ ...options, id, type, message }, ...toasts]);
  return id;
}

/** Takes the toast away, telling its owner why; false when it was already gone. */
export function closeToast(id: number, why: 'expired' | 'dismissed' | 'acted'): boolean {
  const closing = toasts.find((toast) => toast.id === id);
  if (!closing) return false;
  publish(toasts.filter((toast) => toast !== closing));
  if (why === 'expired') closing.onAutoClose?.();
  if (why === 'dismissed') closing.onDismiss?.();
  return true;
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show('default', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  /** Dismisses one toast, or every toast. */
  dismiss(id?: number) {
    for (const shown of id === undefined ? toasts : toasts.filter((toast) => toast.id === id)) closeToast(shown.id, 'dismissed');
  },
});

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
