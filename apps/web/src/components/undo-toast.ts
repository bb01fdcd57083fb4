import { toast } from '../lib/toast';

/** How long 'Desfazer' can bring back what one tap took away (decision 038). */
export const UNDO_MS = 10_000;

interface UndoToastOptions {
  onUndo: () => void;
  /** The chance to undo is over: the toast timed out, was swiped away or dismissed by the app. */
  onExpire?: () => void;
}

/** The one 'Desfazer' toast: what just happened, and the way back for 10 s. Returns its id. */
export function showUndoToast(message: string, { onUndo, onExpire }: UndoToastOptions): number {
  return toast(message, {
    duration: UNDO_MS,
    action: { label: 'Desfazer', onClick: onUndo },
    onAutoClose: onExpire,
    onDismiss: onExpire,
  });
}
