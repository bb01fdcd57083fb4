import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';

/** Opens one item, then another, then closes the second: at most one open at any moment. */
async function expectSingleOpenAccordion(page: Page, count: number, first: string, second: string, firstText: RegExp) {
  const open = page.getByRole('button', { expanded: true });
  await expect(page.getByRole('button', { expanded: false })).toHaveCount(count);
  await expect(open).toHaveCount(0);

  await page.getByRole('button', { name: first }).click();
  await expect(page.getByRole('button', { name: first })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(firstText)).toBeVisible();

  await page.getByRole('button', { name: second }).click();
  await expect(page.getByRole('button', { name: second })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: first })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(firstText)).toBeHidden();
  await expect(open).toHaveCount(1);

  await page.getByRole('button', { name: second }).click();
  await expect(open).toHaveCount(0);
}

test('the FAQ opens one of its 12 answers at a time', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();

  await expectSingleOpenAccordion(
    page,
    12,
    'Por quanto tempo tenho acesso ao app?',
    'Quando minha dieta e meu treino aparecem no app?',
    /60 dias de acesso/,
  );
});

test('the training methods open one of the nine at a time', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit', '/exercise-methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Métodos de treinamento' })).toBeVisible();

  await expectSingleOpenAccordion(page, 9, 'Rest-pause', 'FST-7', /pause 10 segundos/);
});

test('the partner shops offer WhatsApp with the discount message', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit', '/supplements');

  await expect(page.getByRole('heading', { level: 1, name: 'Plano alimentar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '10% de desconto' })).toBeVisible();
  const links = page.getByRole('link', { name: 'Contatar via WhatsApp' });
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', /^https:\/\/wa\.me\/\d{12,13}\?text=Ol%C3%A1/);
});

test('the mobility screen loads a player only for the video pressed, and its back button leads home when opened directly', async ({
  page,
}) => {
  // The test machine has no business with YouTube; only the address asked for matters.
  await page.route(/youtube|ytimg/, (route) => route.abort());
  await openSignedIn(page, 'ana@demo.fit', '/mobility');

  await expect(page.getByRole('button', { name: /^Reproduzir vídeo: / })).toHaveCount(7);
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reproduzir vídeo: Mobilidade de quadril' }).click();
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);

  // A page loaded from its address has no earlier page of the app to return to.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/$/);
});
