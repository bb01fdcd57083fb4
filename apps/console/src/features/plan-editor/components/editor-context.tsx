import { createContext, useContext } from 'react';
import type { FieldError } from '../model/plan-errors';
import type { PlanForm } from '../model/plan-form';

export interface EditorContextValue {
  form: PlanForm;
  /** Changes the plan; every change is autosaved. */
  update: (change: (form: PlanForm) => PlanForm) => void;
  /** The publishing errors still standing, by control id. */
  errors: ReadonlyMap<string, FieldError>;
  /** A control was changed: its error is taken as dealt with. */
  clearError: (id: string) => void;
  /** Says something to screen readers (an item moved, duplicated or removed). */
  announce: (text: string) => void;
  /** Focuses the control with `id` after the next render (or `fallbackId` when that one is gone or disabled). */
  focusAfterRender: (id: string, fallbackId?: string) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor is used inside the plan editor only.');
  return editor;
}
