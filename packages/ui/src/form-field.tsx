import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: string;
  /** Shown under the control until an error takes its place. */
  hint?: string;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control and one line under it for a hint or the error; the line is reserved so nothing jumps. */
export function FormField({ label, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div data-slot="form-field" className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': message ? messageId : undefined })}
      <p
        id={messageId}
        data-slot="form-field-message"
        className={cn('min-h-5 text-small', error ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {message}
      </p>
    </div>
  );
}
