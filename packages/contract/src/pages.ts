/** The pages the API and the apps agree on, in a module without zod, as paths.ts is. */
export const PAGE_SIZE = 50;

/** The page of a plan's list that Home reads whole (SPEC.md §9: one page of 50 holds a whole plan). */
export const HOME_PAGE = { page: 0, size: PAGE_SIZE };

/**
 * A workout's latest sessions, as Home and train mode read them (one query: apps/web lib/workout-sessions.ts):
 * the week strip needs a week's, at most 14 (twice a day, every day); the sets' 'Anterior' needs the
 * last session that included each exercise, which a partial session or a skipped exercise can push
 * back a few.
 */
export const LATEST_SESSIONS_PAGE = { page: 0, size: 14 };

/**
 * The library's activities of one muscle group train mode offers for a swap: one page, by title; an
 * exercise beyond it is written by name, as one the library lacks is.
 */
export const SWAP_CHOICES_PAGE = { page: 0, size: PAGE_SIZE };
