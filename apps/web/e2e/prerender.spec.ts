import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Treino2026';

/** Holds the prerendered page's script back until `release()`: the page as a slow phone shows it first. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/boot-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the login screen arrives as HTML, with its title and form, before any script runs', async ({ request }) => {
  const response = await request.get('/login');

  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Entrar · Acompanha</title>');
  expect(html).toContain('Bem-vindo ao Acompanha');
  expect(html).toContain('Esqueceu sua senha?');
  // One small script, no inline code (the CSP allows none).
  expect(html.match(/<script/g)).toHaveLength(1);
});

test('what a client types before the app runs stays, is never sent by the browser itself, and signs in', async ({ page }) => {
  const errors = hydrationErrors(page);
  const release = await holdScripts(page);
  // Not waiting for the load event: that waits for the script held back.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Acompanha' })).toBeVisible();

  await page.getByLabel('E-mail').fill('ana@demo.fit');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  await page.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  release();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  await expect(page.getByLabel('E-mail')).toHaveValue('ana@demo.fit');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByText('Olá, Ana S.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the forgotten-password screen is prerendered too and works once hydrated', async ({ page }) => {
  const errors = hydrationErrors(page);
  await page.goto('/reset-password-email');

  await expect(page).toHaveTitle('Esqueceu sua senha? · Acompanha');
  await page.getByRole('button', { name: 'Enviar e-mail' }).click();

  await expect(page.getByText('Insira um endereço de e-mail válido.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in client opening /login still lands home, and a login with a message still shows it', async ({ page }) => {
  await page.goto('/login?expired=true');
  await expect(page.getByText(/Seu acompanhamento se encerrou/)).toBeVisible();

  await page.getByLabel('E-mail').fill('ana@demo.fit');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Olá, Ana S.')).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Olá, Ana S.')).toBeVisible();
});
