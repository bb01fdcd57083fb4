import { Label } from '@acompanha/ui/label';
import { cn } from '@acompanha/ui/cn';
import type { ReactNode } from 'react';
import { fieldId, type Path } from '../model/plan-errors';
import { useEditor } from './editor-context';

export interface EditorControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface EditorFieldProps {
  /** The field's path in the plan file: its id, and where the API's errors for it land. */
  path: Path;
  label: string;
  hint?: string;
  className?: string;
  children: (control: EditorControlProps) => ReactNode;
}

/** A label, a control and a line under it for a hint or the publishing error at this field. */
export function EditorField({ path, label, hint, className, children }: EditorFieldProps) {
  const { errors, clearError } = useEditor();
  const id = fieldId(path);
  const error = errors.get(id)?.message;
  const messageId = `${id}-mensagem`;
  const message = error ?? hint;
  return (
    // A change in the control answers its error.
    <div data-slot="form-field" className={cn('flex min-w-0 flex-col gap-1', className)} onChange={() => error && clearError(id)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': message ? messageId : undefined })}
      {message && (
        <p id={messageId} className={cn('text-small', error ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      )}
    </div>
  );
}

/** The compact height of the editor's inputs: still a 44 px target. */
export const EDITOR_INPUT = 'h-11 px-3';
