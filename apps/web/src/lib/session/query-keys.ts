/**
 * Keys of the signed-in client's own data. They carry no user id: the cache is emptied at every
 * sign-in (docs/decisions/008-shared-query-hooks.md), so it only ever holds one user's data.
 */
export const sessionKeys = {
  client: ['session', 'client'] as const,
  evaluations: ['session', 'evaluations'] as const,
  /** Home's read (home.ts): what the screens above and the plan's lists answer from at start. */
  home: ['session', 'home'] as const,
};
