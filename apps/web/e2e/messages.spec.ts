import { expect, test } from '@playwright/test';
import { openSignedIn } from './api-session';
import { outboxEmails } from './outbox';

// The web app's build-time defaults and the server's defaults name the same two addresses.
const TEAM = 'equipe@acompanha.app';
const SUPPORT = 'suporte@acompanha.app';

test('a chat message reaches the training team with the client as sender', async ({ page }) => {
  const text = `Posso trocar o treino de quarta? (${test.info().testId}-${Date.now()})`;
  await openSignedIn(page, 'ana@demo.fit');
  await page.getByRole('link', { name: 'Chat' }).click();

  await page.getByLabel('Nome').fill('Ana 2');
  await expect(page.getByText('Não são permitidos caracteres especiais')).toBeVisible();
  await page.getByLabel('Nome').fill('Ana Paula');
  await page.getByLabel('Mensagem').fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page.getByText('Mensagem enviada com sucesso.')).toBeVisible();
  await expect(page.getByLabel('Mensagem')).toHaveValue('');
  const email = outboxEmails().find((entry) => entry.text.includes(text));
  expect(email?.to).toBe(TEAM);
  expect(email?.subject).toContain('Ana Paula');
  expect(email?.text).toContain('E-mail: ana@demo.fit');
});

test("'Relatar erro' leads to the Feedback form, whose report reaches support", async ({ page }) => {
  const text = `O PDF não abriu (${test.info().testId}-${Date.now()})`;
  await openSignedIn(page, 'bruno@demo.fit');
  await page.getByRole('link', { name: 'Chat' }).click();
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

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});
