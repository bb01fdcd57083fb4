/**
 * The pages the API and the app agree on, in a module without zod: index.html's start script builds its
 * paths from them too (apps/web lib/early-requests.ts), and must stay a few KB.
 */
export const PAGE_SIZE = 50;

/** The page of a plan's list that Home reads whole (SPEC.md §9: one page of 50 holds a whole plan). */
export const HOME_PAGE = { page: 0, size: PAGE_SIZE };

/** A workout's latest sessions that Home reads: a week holds at most 14 (twice a day, every day). */
export const WEEK_SESSIONS_PAGE = { page: 0, size: 14 };

/**
 * The library's activities of one muscle group train mode offers for a swap: one page, by title; an
 * exercise beyond it is written by name, as one the library lacks is.
 */
export const SWAP_CHOICES_PAGE = { page: 0, size: PAGE_SIZE };
