import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'h-12 w-full min-w-0 rounded-xl border border-input bg-card px-4 text-body text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80',
        // The ring hugs the field's border, in full colour: a faded one falls under 3:1.
        'focus-visible:border-ring focus-visible:outline-offset-0',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
