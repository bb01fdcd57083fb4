import { expect, test } from '@playwright/test';
import { operatorCli } from './operator-cli';
import { nextLinkFor } from './outbox';

// The steps depend on each other. They change a password, so they use an account of their own,
// made by the team's CLI, and leave the demo accounts as they are.
test.describe.configure({ mode: 'serial' });

const EMAIL = `reset-${Date.now()}@teste.fit`;
test.beforeAll(() => {
  operatorCli('admin', 'client:create', '--name', 'Rita Teixeira', '--email', EMAIL, '--birth', '1990-04-02');
});
const NEW_PASSWORD = 'NovaSenha2026';
let link: string;

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await expect(page).toHaveURL(/\/reset-password-email$/);
  await page.getByLabel('E-mail').fill(EMAIL);
  link = await nextLinkFor(EMAIL, async () => {
    await page.getByRole('button', { name: 'Enviar e-mail' }).click();
    await expect(
      page.getByText('Email enviado com sucesso. Caso necessário, verifique sua caixa de spam ou lixo eletrônico.'),
    ).toBeVisible();
  });
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password-fallback\?/);
  await expect(page.getByRole('status')).toHaveText('Verificando seu link…');
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Alterar senha' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha redefinida com sucesso.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Olá, Rita T.')).toBeVisible();
});

test('the used link lands on /error', async ({ page }) => {
  await page.goto(link);

  await expect(page).toHaveURL(/\/error\?reason=used-token$/);
  await expect(page.getByText('Link já utilizado, você precisa solicitar outro.')).toBeVisible();
});
