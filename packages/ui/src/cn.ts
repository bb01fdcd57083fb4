import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// The theme's own type scale (index.css); without it `text-body` would read as a colour and
// cancel `text-foreground`.
const twMerge = extendTailwindMerge({
  extend: { theme: { text: ['caption', 'small', 'body', 'title', 'headline'] } },
});

/** Joins class names; a later Tailwind class overrides an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
