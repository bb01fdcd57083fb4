import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './api-session';

async function signInAsCarla(page: Page) {
  await signInThroughForm(page, 'carla@demo.fit');
  await expect(page.getByText('Olá, Carla M.')).toBeVisible();
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

test('a refused access token is refreshed once and the call retried', async ({ page }) => {
  await signInAsCarla(page);
  const refreshToken = await stored(page, 'refresh-token');
  // Keeps the user_id claim readable but breaks the signature: the server answers 401.
  await page.evaluate(() => localStorage.setItem('access-token', `${localStorage.getItem('access-token')}x`));
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.url());
  });

  // Home comes from the saved copy; a screen not seen yet asks the server.
  await page.reload();
  await page.getByRole('link', { name: 'Acessar dieta' }).first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Dieta para treino' })).toBeVisible();
  expect(refreshes).toHaveLength(1);
  expect(await stored(page, 'refresh-token')).not.toBe(refreshToken);
});

test('a refused refresh ends the session on /login', async ({ page }) => {
  await signInAsCarla(page);
  await page.evaluate(() => {
    localStorage.setItem('access-token', `${localStorage.getItem('access-token')}x`);
    localStorage.setItem('refresh-token', 'revoked');
  });

  // Every signed-in screen asks the server at once (the conversation's live stream, for the Chat
  // badge): its 401 sets off the refresh, and the refusal ends the session without a tap.
  await page.reload();

  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'access-token')).toBeNull();
  expect(await stored(page, 'refresh-token')).toBeNull();
});
