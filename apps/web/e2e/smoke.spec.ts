import { tokenPairSchema } from '@acompanha/contract';
import { expect, test } from '@playwright/test';

test('a signed-out visit to / lands on the login screen', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/caminho/que-nao-existe');

  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
});

test('the demo client can log in through the API', async ({ request }) => {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: 'ana@demo.fit', password: 'Treino2026' },
  });

  expect(response.status()).toBe(200);
  const tokens = tokenPairSchema.parse(await response.json());
  expect(tokens.token).not.toBe('');
  expect(tokens.refresh_token).not.toBe('');
});
