import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'min-h-32 w-full min-w-0 resize-y rounded-xl border border-input bg-card px-4 py-3 text-body text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
