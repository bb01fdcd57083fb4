/** A native select the height and look of the kit's Input, beside which it sits in the console's forms. */
export const SELECT_CLASSES =
  'h-12 w-full min-w-0 cursor-pointer rounded-xl border border-input bg-card px-4 text-body text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-offset-0 aria-invalid:border-destructive';
