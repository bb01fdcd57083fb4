import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';
import { openWorkoutFromHome } from './plan';

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName);

/** Opens ana's 'Treino A - Inferiores' from home, as a client would. */
async function openWorkoutA(page: Page) {
  await openSignedIn(page, 'ana@demo.fit');
  await openWorkoutFromHome(page, 'Treino A - Inferiores');
}

test('each screen names itself in the browser tab', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Entrar · Acompanha');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await expect(page).toHaveTitle('Esqueceu sua senha? · Acompanha');
  await page.goto('/nada-aqui');
  await expect(page).toHaveTitle('Página não encontrada · Acompanha');

  await openWorkoutA(page);
  await expect(page).toHaveTitle('Treino A - Inferiores · Acompanha');
  await page.getByRole('link', { name: 'Métodos de treinamento' }).click();
  await expect(page).toHaveTitle('Métodos de treinamento · Acompanha');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveTitle('Perfil · Acompanha');
});

test("focus moves to the new screen's heading after a navigation, not on the first screen", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  await expect(page.getByRole('region', { name: 'Meus treinos' })).toBeVisible();
  expect(await focusedTag(page)).toBe('BODY');

  const tabBar = page.getByRole('navigation', { name: 'Navegação principal' });
  await tabBar.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeFocused();

  await tabBar.getByRole('link', { name: 'FAQ' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeFocused();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeFocused();

  await tabBar.getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeFocused();
  await page.getByRole('region', { name: 'Meus treinos' }).getByRole('link', { name: /Treino/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test("'Pular para o conteúdo' is the first Tab stop and moves focus into the main content", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit', '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  // Hidden until focused.
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(100);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/profile$/);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('the rest timer keeps keyboard focus on its control and speaks only at start and end', async ({ page }) => {
  await page.clock.install();
  await openWorkoutA(page);
  // The rest timer's own announcements (it serves every signed-in screen, so it sits beside the main content).
  const status = page.locator('#rest-announcement');
  await expect(status).toHaveRole('status');

  await page.getByRole('button', { name: 'Iniciar descanso' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancelar descanso' })).toBeFocused();
  await expect(page.getByRole('timer')).toHaveText('1:30');
  await expect(status).toHaveText('Descanso de 90 segundos iniciado.');
  await page.clock.runFor(3_000);
  await expect(page.getByRole('timer')).toHaveText('1:27');
  await expect(status).toHaveText('Descanso de 90 segundos iniciado.');

  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Iniciar descanso' })).toBeFocused();
  await expect(status).toHaveText('Descanso cancelado.');

  await page.keyboard.press('Enter');
  await page.clock.runFor(91_000);
  await expect(page.getByRole('button', { name: 'Iniciar descanso' })).toBeFocused();
  // The end is said once, by the toast from the toaster's live region.
  await expect(page.locator('[aria-live="polite"]').getByText('Descanso concluído!', { exact: true })).toBeVisible();
  await expect(status).toBeEmpty();
});
