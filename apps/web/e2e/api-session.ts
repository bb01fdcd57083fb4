import { tokenPairSchema, type TokenPair } from '@acompanha/contract';
import { expect, type Page } from '@playwright/test';

/**
 * One sign-in per account and worker, shared by the plan specs: every spec file signing in through
 * the form would run into the API's login limits (10 per account in 5 minutes, 30 a minute per
 * address). The access token outlives a run; nothing here makes the app refresh it.
 */
const sessions = new Map<string, TokenPair>();

async function tokensFor(page: Page, email: string): Promise<TokenPair> {
  const cached = sessions.get(email);
  if (cached) return cached;
  const response = await page.request.post('/api/v1/auth/login', { data: { email, password: 'Treino2026' } });
  if (!response.ok()) throw new Error(`${email} could not sign in: ${response.status()}`);
  const tokens = tokenPairSchema.parse(await response.json());
  sessions.set(email, tokens);
  return tokens;
}

/** Opens `path` signed in as a demo account, as if it had signed in through /login before. */
export async function openSignedIn(page: Page, email: string, path = '/') {
  const tokens = await tokensFor(page, email);
  await page.addInitScript(({ token, refresh_token }) => {
    if (localStorage.getItem('refresh-token') === null) {
      localStorage.setItem('access-token', token);
      localStorage.setItem('refresh-token', refresh_token);
    }
  }, tokens);
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
}
