import type { ComponentProps } from 'react';
import { cn } from './cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off setting that takes effect at once: a button with the switch role (Space and Enter
 * toggle it), named by its label (`aria-labelledby` or a `<label htmlFor>`). Its track and thumb
 * keep 3:1 against the card in both states, and its touch target reaches 44 px.
 */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-slot="switch"
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-muted-foreground bg-muted transition-colors',
        "before:absolute before:-inset-2 before:content-['']",
        'aria-checked:border-primary aria-checked:bg-primary',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-muted-foreground shadow-sm transition-transform group-aria-checked:translate-x-[1.375rem] group-aria-checked:bg-primary-foreground motion-reduce:transition-none"
      />
    </button>
  );
}
