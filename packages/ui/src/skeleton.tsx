import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A placeholder the size of what is loading, so nothing moves when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-lg bg-border/70 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
