import { sessionPageSchema } from '@acompanha/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughForm } from './api-session';
import { firstAccessLinkOfANewClient } from './outbox';
import { openWorkoutFromHome } from './plan';

/** Any page on the web can link here: the app asks the server about the token, which knows none (decision 057). */
const CRAFTED_LINK = '/reset-password-fallback?token=x&reason=ok&origin=FORGOT_PASSWORD&status=success';
const WORKOUT = 'Treino C - Glúteos e core';

/** Opens a genuine e-mailed link (another client's first access): the app clears its storage and goes on (SPEC.md §2). */
async function openEmailedLink(page: Page) {
  await page.goto(firstAccessLinkOfANewClient());
  await expect(page).toHaveURL(/\/first-access$/);
}

/** Starts a session of workout C and ticks its first set; returns the workout's address. */
async function startSessionWithOneSet(page: Page) {
  await openWorkoutFromHome(page, WORKOUT);
  await page.getByRole('button', { name: 'Iniciar treino' }).click();
  await page.getByRole('tabpanel').getByRole('checkbox', { name: /^Série 1 de .+ feita$/ }).check();
  await expect(page.getByRole('region', { name: 'Treino em andamento' })).toContainText(/1 de \d+ séries/);
  return new URL(page.url()).pathname;
}

async function storedSessionIds(request: APIRequestContext, accessToken: string, workoutPath: string): Promise<string[]> {
  const response = await request.get(`/api/v1/treinos/${workoutPath.split('/').pop()}/sessoes`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return sessionPageSchema.parse(await response.json()).results.map((session) => session.id);
}

test('a crafted password link ends nothing; a genuine one keeps the session ana is training: she signs in again and it is still there', async ({ page }) => {
  await signInThroughForm(page, 'ana@demo.fit');
  const workout = await startSessionWithOneSet(page);

  await page.goto(CRAFTED_LINK);
  await expect(page).toHaveURL(/\/error\?reason=token-not-found$/);
  await page.goto(workout);
  await expect(page.getByRole('region', { name: 'Treino em andamento' })).toContainText('1 de');

  await openEmailedLink(page);
  expect(await page.evaluate(() => localStorage.getItem('train-session'))).toBeNull();

  await signInThroughForm(page, 'ana@demo.fit');
  await page.goto(workout);
  await expect(page.getByRole('region', { name: 'Treino em andamento' })).toContainText('1 de');
  await expect(page.getByRole('tabpanel').getByRole('checkbox', { name: /^Série 1 de .+ feita$/ })).toBeChecked();
});

test("after an e-mailed link, davi signing in sees nothing of ana's unsent session and sends nothing; ana's next sign-in sends it", async ({
  page,
  request,
}) => {
  // A session of ana's own, apart from the device's (which the link ends), to ask the server what it stored.
  const login = await request.post('/api/v1/auth/login', { data: { email: 'ana@demo.fit', password: 'Treino2026' } });
  const anasToken = ((await login.json()) as { token: string }).token;
  await signInThroughForm(page, 'ana@demo.fit');
  const workout = await startSessionWithOneSet(page);
  const storedBefore = await storedSessionIds(request, anasToken, workout);

  // The gym's connection drops as she concludes: the session waits to be sent.
  await page.route('**/api/v1/treinos/*/sessoes', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await page.getByRole('region', { name: 'Treino em andamento' }).getByRole('button', { name: 'Concluir treino' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Concluir assim mesmo' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Treino concluído!' })).toBeVisible();

  await openEmailedLink(page);
  await page.unroute('**/api/v1/treinos/*/sessoes');

  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() !== 'GET' && /\/api\/v1\/(treinos|exercicios)\//.test(sent.url())) writes.push(`${sent.method()} ${sent.url()}`);
  });
  await signInThroughForm(page, 'davi@demo.fit');
  await expect(page.getByText('Olá, Davi R.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Treino em andamento' })).toHaveCount(0);
  await expect(page.getByText(WORKOUT)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('Olá, Davi R.')).toBeVisible();
  expect(writes).toEqual([]);
  expect(await storedSessionIds(request, anasToken, workout)).toEqual(storedBefore);

  // Ana, back on the device, gets her session sent, under her name, once.
  await page.getByRole('button', { name: 'Sair' }).click();
  await signInThroughForm(page, 'ana@demo.fit');
  await expect.poll(async () => (await storedSessionIds(request, anasToken, workout)).length).toBe(storedBefore.length + 1);
});
