import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';
import { cn } from './cn';

export const buttonVariants = cva(
  // min-h-11 and min-w-11: every control is at least a 44 px touch target.
  'relative inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-100 [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft/70',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        link: 'min-w-0 px-1 text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-12 px-5 text-body',
        sm: 'h-11 px-4 text-small',
        icon: 'size-11 rounded-full',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link, say) with the button's looks. */
    asChild?: boolean;
    /** While true the button is disabled and shows a spinner in place of its label, at the same size. */
    pending?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  // A prerendered form shows before the app runs; submitted then, the browser would send it itself,
  // the password in the address. Its submit button waits for the app.
  const hydrated = useHydrated();
  if (asChild) {
    return (
      <Slot data-slot="button" className={classes} aria-disabled={disabled} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      data-slot="button"
      className={classes}
      disabled={pending || disabled || (props.type === 'submit' && !hydrated)}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? (
        <>
          {/* The label stays in place, transparent: the name is still read out and the width does not change. */}
          <span className="inline-flex items-center gap-2 opacity-0">{children}</span>
          <LoaderCircle aria-hidden className="absolute animate-spin" />
        </>
      ) : (
        children
      )}
    </button>
  );
}
