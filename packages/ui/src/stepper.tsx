import { cva, type VariantProps } from 'class-variance-authority';
import { Minus, Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { buttonVariants } from './button';
import { cn } from './cn';

/** The size of what sits between the buttons: a value or field (default), or just a unit (sm). */
export const stepperVariants = cva('flex justify-center font-semibold text-muted-foreground', {
  variants: {
    size: {
      default: 'min-w-10 text-caption',
      sm: 'min-w-6 text-[0.6875rem]',
    },
  },
  defaultVariants: { size: 'default' },
});

type StepperProps = Omit<ComponentProps<'div'>, 'onChange'> &
  VariantProps<typeof stepperVariants> & {
    value: number;
    min: number;
    max: number;
    /** How much one tap moves the value; 1 unless told. */
    step?: number;
    onValueChange: (value: number) => void;
    /** The accessible names of the two buttons, which say what they change ('Mais 1 kg na carga da série 2'). */
    decrementLabel: string;
    incrementLabel: string;
    /** What sits between the buttons: the value, a field to type it in, or only its unit. */
    children?: ReactNode;
  };

/**
 * A number moved by − and + buttons a thumb can hit (44 px each), never past its limits; the
 * value steps to one decimal, so 22,5 + 1 is 23,5 and not 23,499…. What shows between the buttons
 * is the caller's: a field, the value, or just its unit when the value shows elsewhere.
 */
export function Stepper({
  value,
  min,
  max,
  step = 1,
  onValueChange,
  decrementLabel,
  incrementLabel,
  size,
  className,
  children,
  ...props
}: StepperProps) {
  const move = (by: number) => onValueChange(Math.min(max, Math.max(min, Math.round((value + by) * 10) / 10)));
  const button = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'rounded-xl');
  return (
    <div role="group" data-slot="stepper" className={cn('inline-flex items-center rounded-xl border border-input bg-card', className)} {...props}>
      <button type="button" data-slot="stepper-decrement" className={button} aria-label={decrementLabel} disabled={value <= min} onClick={() => move(-step)}>
        <Minus aria-hidden />
      </button>
      {children !== undefined && (
        <span data-slot="stepper-value" className={stepperVariants({ size })}>
          {children}
        </span>
      )}
      <button type="button" data-slot="stepper-increment" className={button} aria-label={incrementLabel} disabled={value >= max} onClick={() => move(step)}>
        <Plus aria-hidden />
      </button>
    </div>
  );
}
