import { cn } from './cn';

interface LogoProps {
  className?: string;
  /** Breathes gently while the app works on something the user waits for. */
  pulsing?: boolean;
  /** The mark alone, for tight spaces; it is then named for assistive technology. */
  markOnly?: boolean;
}

/** Acompanha's mark (a heartbeat line in a rounded square) and wordmark. */
export function Logo({ className, pulsing = false, markOnly = false }: LogoProps) {
  return (
    <span data-slot="logo" className={cn('inline-flex items-center gap-2.5', className)}>
      <svg
        viewBox="0 0 40 40"
        className={cn('size-10 shrink-0', pulsing && 'motion-safe:animate-logo-pulse')}
        role={markOnly ? 'img' : undefined}
        aria-label={markOnly ? 'Acompanha' : undefined}
        aria-hidden={markOnly ? undefined : true}
      >
        <rect width="40" height="40" rx="12" className="fill-primary" />
        <path
          d="M7 21h6.5l3-7 5 14 3.5-9 2 2H33"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!markOnly && <span className="text-title font-extrabold tracking-tight text-foreground">Acompanha</span>}
    </span>
  );
}
