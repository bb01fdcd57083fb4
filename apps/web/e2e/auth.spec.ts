import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Treino2026';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

test('ana@demo.fit signs in, sees the greeting and signs out', async ({ page }) => {
  await signIn(page, 'ana@demo.fit', PASSWORD);

  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('Olá, Ana S.')).toBeVisible();
  await expect(header.getByText('AS', { exact: true })).toBeVisible();
  await expect(header.getByText('Bem-vindo de volta')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
  // The pair under its two keys, as plain strings. Beside them, Home may already keep the day's water
  // (its card writes SPEC.md's water keys once the server's day arrives, if ana has glasses today).
  const tokens = await page.evaluate(() => [localStorage.getItem('access-token'), localStorage.getItem('refresh-token')]);
  expect(tokens).toEqual([expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expect.stringMatching(/^[\w-]+$/)]);

  await page.getByRole('button', { name: 'Sair' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await storedKeys(page)).toEqual([]);
  // Signed out for real: the signed-in area sends back to the login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password says so and stays on /login', async ({ page }) => {
  await signIn(page, 'bruno@demo.fit', 'SenhaErrada1');

  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha incorretos.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual([]);
});

test('nutri@demo.fit is refused silently: nothing stored, still on /login', async ({ page }) => {
  const me = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/me'));
  await signIn(page, 'nutri@demo.fit', PASSWORD);

  expect((await me).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
