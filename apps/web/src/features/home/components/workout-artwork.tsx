import type { ReactNode } from 'react';
import { cn } from '@acompanha/ui/cn';
import type { WorkoutFocus } from '../model/workout-focus';

/*
 * One pictogram per focus (docs/decisions/044), drawn inline in currentColor so that it takes the
 * theme's tokens (light and dark) from the tile around it: the part of the body the workout trains
 * in full strength, the rest of the figure faint.
 */
const FAINT = 0.35;

const ARTWORK: Record<WorkoutFocus, ReactNode> = {
  // A squat under a barbell: the legs.
  lower: (
    <>
      <g opacity={FAINT}>
        <circle cx="32" cy="11" r="5" fill="currentColor" stroke="none" />
        <path d="M12 20h40M12 15v10M52 15v10M32 18v16" />
      </g>
      <path d="M32 34 20 41l2 13M32 34l12 7-2 13M18 54h6M40 54h6" />
    </>
  ),
  // A press overhead: the arms and shoulders.
  upper: (
    <>
      <g opacity={FAINT}>
        <circle cx="32" cy="16" r="5" fill="currentColor" stroke="none" />
        <path d="M32 22v20M32 42l-6 16M32 42l6 16" />
      </g>
      <path d="M24 26h16M24 26l-6-7V10M40 26l6-7V10M13 10h10M41 10h10M13 7v6M23 7v6M41 7v6M51 7v6" />
    </>
  ),
  // The trunk: the abdominals.
  core: (
    <>
      <g opacity={FAINT}>
        <circle cx="32" cy="11" r="5" fill="currentColor" stroke="none" />
        <path d="M25 24l-8 12M39 24l8 12M29 43l-2 15M35 43l2 15" />
      </g>
      <rect x="25" y="20" width="14" height="23" rx="4" />
      <path d="M32 22v19M27 29h10M27 35h10" strokeWidth="2.5" />
    </>
  ),
  // A jumping jack: the whole body.
  full: (
    <>
      <circle cx="32" cy="10" r="5" fill="currentColor" stroke="none" />
      <path d="M32 17v19M32 21 18 8M32 21 46 8M32 36l-12 22M32 36l12 22" />
    </>
  ),
  // A heart and its beat.
  cardio: (
    <>
      <path
        d="M32 54C14 42 8 31 13 22c4-8 15-9 19 0 4-9 15-8 19 0 5 9-1 20-19 32Z"
        fill="currentColor"
        fillOpacity={0.15}
        opacity={FAINT * 2}
      />
      <path d="M6 34h13l5-9 6 17 5-12 4 4h19" />
    </>
  ),
};

/** The workout's pictogram in a tinted tile; an empty tile while its exercises load. Decorative. */
export function WorkoutArtwork({ focus, className }: { focus: WorkoutFocus | null; className?: string }) {
  return (
    <span
      aria-hidden
      data-slot="workout-artwork"
      data-focus={focus ?? undefined}
      className={cn('flex shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground', className)}
    >
      {focus && (
        <svg
          viewBox="0 0 64 64"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4/5"
        >
          {ARTWORK[focus]}
        </svg>
      )}
    </span>
  );
}
