import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      htmlFor={htmlFor}
      className={cn('text-small font-semibold text-foreground', className)}
      {...props}
    />
  );
}
