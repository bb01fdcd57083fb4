import { expect, test } from '@playwright/test';
import { openSignedIn } from './api-session';
import { outboxEmails } from './outbox';

// The web app's build-time defaults and the server's defaults name the same two addresses.
const TEAM = 'equipe@acompanha.app';
const SUPPORT = 'suporte@acompanha.app';

// ana's chat thread is chat.spec.ts's: carla writes by e-mail here.
test("a message sent through 'Enviar por e-mail' reaches the training team with the client as sender", async ({ page }) => {
  const text = `Posso trocar o treino de quarta? (${test.info().testId}-${Date.now()})`;
  await openSignedIn(page, 'carla@demo.fit');
  await page.getByRole('link', { name: /^Chat/ }).click();
  await page.getByRole('link', { name: 'Enviar por e-mail' }).click();

  await expect(page).toHaveURL(/\/chat\/email$/);
  await expect(page.getByRole('link', { name: /^Chat/ })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Nome').fill('Carla 2');
  await expect(page.getByText('Não são permitidos caracteres especiais')).toBeVisible();
  await page.getByLabel('Nome').fill('Carla Mendes');
  await page.getByLabel('Mensagem', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page.getByText('Mensagem enviada com sucesso.')).toBeVisible();
  await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue('');
  const email = outboxEmails().find((entry) => entry.text.includes(text));
  expect(email?.to).toBe(TEAM);
  expect(email?.subject).toContain('Carla Mendes');
  expect(email?.text).toContain('E-mail: carla@demo.fit');
});

test("'Relatar erro' leads to the Feedback form, whose report reaches support", async ({ page }) => {
  const text = `O PDF não abriu (${test.info().testId}-${Date.now()})`;
  await openSignedIn(page, 'bruno@demo.fit');
  await page.getByRole('link', { name: /^Chat/ }).click();
  await page.getByRole('link', { name: 'Relatar erro' }).click();

  await expect(page).toHaveURL(/\/application-error$/);
  await expect(page.getByRole('heading', { name: 'Um Erro foi encontrado' })).toBeVisible();
  await expect(page.getByText('Código: Erro desconhecido.')).toBeVisible();
  await page.getByLabel('Nome').fill('Bruno Lima');
  await page.getByLabel('Detalhes').fill(text);
  await page.getByRole('button', { name: 'Enviar feedback' }).click();

  await expect(page.getByText('Obrigado. Recebemos seu feedback e vamos analisar o problema.')).toBeVisible();
  const email = outboxEmails().find((entry) => entry.text.includes(text));
  expect(email?.to).toBe(SUPPORT);
  expect(email?.text).toContain('E-mail: bruno@demo.fit');

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});
