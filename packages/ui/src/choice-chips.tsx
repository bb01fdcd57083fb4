import { useId } from 'react';
import { cn } from './cn';

export interface Choice<T extends string | number> {
  value: T;
  /** What the chip shows. */
  label: string;
  /** What a screen reader hears in its place, when the chip alone says too little ('1' of an effort scale). */
  name?: string;
}

interface ChoiceChipsProps<T extends string | number> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Under the chips: what their ends mean ('Leve' … 'Máximo'), or the error in its place. */
  hint?: string;
  error?: string;
  className?: string;
}

/**
 * One choice among a few, as a row of chips: native radio buttons under their labels, so the arrow
 * keys move between them and a screen reader names the group by its legend. Each chip is 44 px
 * high; the chosen one is filled with the primary colour, its text at AA contrast in both themes.
 */
export function ChoiceChips<T extends string | number>({ legend, choices, value, onChange, hint, error, className }: ChoiceChipsProps<T>) {
  const name = useId();
  const messageId = `${name}-message`;
  const message = error ?? hint;
  return (
    <fieldset data-slot="choice-chips" aria-describedby={message ? messageId : undefined} aria-invalid={error ? true : undefined} className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-small font-semibold">{legend}</legend>
      <div className="flex gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="relative flex min-w-0 flex-1">
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-label={choice.name}
              // Over the whole chip, unseen: a tap anywhere on it is a tap on the radio itself.
              className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span
              aria-hidden={choice.name ? true : undefined}
              className={cn(
                'pointer-events-none flex h-11 w-full items-center justify-center rounded-xl border bg-card px-2 text-body font-semibold text-foreground transition-colors',
                error ? 'border-destructive' : 'border-input',
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-focus-visible:outline-solid',
              )}
            >
              {choice.label}
            </span>
          </label>
        ))}
      </div>
      {message && (
        <p id={messageId} className={cn('text-small', error ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      )}
    </fieldset>
  );
}
