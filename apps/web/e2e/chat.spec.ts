import { messagePageSchema, rosterPageSchema, tokenPairSchema } from '@acompanha/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, signInToConsole } from './api-session';

// ana's conversation is one thread on one server: these steps run in order, and the other specs
// that open ana's chat never mark it read (accessibility.spec.ts answers those marks itself).
test.describe.configure({ mode: 'serial' });

async function bearerOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: 'Treino2026' } });
  expect(response.ok()).toBe(true);
  return `Bearer ${tokenPairSchema.parse(await response.json()).token}`;
}

async function anaId(request: APIRequestContext, staff: string): Promise<number> {
  const response = await request.get('/api/v1/equipe/clientes', { headers: { Authorization: staff } });
  const ana = rosterPageSchema.parse(await response.json()).results.find(({ email }) => email === 'ana@demo.fit');
  return ana!.id;
}

/** The signed-in client's thread as the API lists it (their own token, read from the page's storage). */
async function clientThread(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const response = await page.request.get('/api/v1/mensagens?size=100', { headers: { Authorization: `Bearer ${token}` } });
  return messagePageSchema.parse(await response.json()).results;
}

function chatTab(page: Page) {
  return page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: /^Chat/ });
}

test('ana reads the team, her badge clears, and what she writes shows as sent', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  await expect(chatTab(page)).toHaveAccessibleName('Chat, 1 mensagem não lida');

  await chatTab(page).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();
  await expect(page.getByText('Rafael Costa · Personal').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ontem' })).toBeVisible();
  await expect(chatTab(page)).toHaveAccessibleName('Chat');

  const text = `Obrigada! Vou trocar amanhã. (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page.getByRole('listitem').filter({ hasText: text })).toContainText('Enviada');
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('');
  expect((await clientThread(page)).filter((message) => message.texto === text)).toHaveLength(1);
});

test("a team reply appears without a reload (the stream, or the list read again when the app comes back to the foreground)", async ({ page }) => {
  const staff = await bearerOf(page.request, 'personal@demo.fit');
  const id = await anaId(page.request, staff);
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();

  const reply = `Ótimo, bom treino! (${Date.now()})`;
  const posted = await page.request.post(`/api/v1/equipe/clientes/${id}/mensagens`, { headers: { Authorization: staff }, data: { texto: reply } });
  expect(posted.status()).toBe(201);

  // Where the live stream is held the reply is already there; where not, coming back to the app
  // (TanStack Query's focus: a 'visibilitychange' on window) reads the list again.
  const shown = page.getByText(reply, { exact: true });
  await expect(shown)
    .toBeVisible({ timeout: 3000 })
    .then(() => test.info().annotations.push({ type: 'reply', description: 'arrived on the live stream' }))
    .catch(async () => {
      test.info().annotations.push({ type: 'reply', description: "read again on 'visibilitychange'" });
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect(shown).toBeVisible();
    });
  await expect(page.getByText('Rafael Costa · Personal').last()).toBeVisible();
  await expect(page.getByText(`Nova mensagem de Rafael Costa: ${reply}`)).toHaveAttribute('aria-live', 'polite');
});

test("without the stream, a team reply shows when the app comes back to the foreground ('visibilitychange')", async ({ page }) => {
  let refuseStream!: () => void;
  const streamRefused = new Promise<void>((resolve) => (refuseStream = resolve));
  await page.route('**/api/v1/mensagens/eventos', async (route) => {
    await route.fulfill({ status: 404, json: {} });
    refuseStream();
  });
  const staff = await bearerOf(page.request, 'nutri@demo.fit');
  const id = await anaId(page.request, staff);
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();
  await streamRefused;

  const reply = `Lembre de beber água! (${Date.now()})`;
  const posted = await page.request.post(`/api/v1/equipe/clientes/${id}/mensagens`, { headers: { Authorization: staff }, data: { texto: reply } });
  expect(posted.status()).toBe(201);
  await expect(page.getByText(reply, { exact: true })).toHaveCount(0);

  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

  await expect(page.getByText(reply, { exact: true })).toBeVisible();
});

test('a message written offline waits, and arrives exactly once when the connection returns', async ({ page, context }) => {
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();

  await context.setOffline(true);
  const text = `Escrito no vestiário, sem sinal (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const item = page.getByRole('listitem').filter({ hasText: text });
  // Paused until the connection returns (TanStack Query's offline mutations): nothing is tried meanwhile.
  await expect(item).toContainText('Aguardando conexão');

  await context.setOffline(false);

  await expect(item).toContainText('Enviada');
  await expect(item).toHaveCount(1);
  await expect.poll(async () => (await clientThread(page)).filter((message) => message.texto === text).length).toBe(1);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  expect((await clientThread(page)).filter((message) => message.texto === text)).toHaveLength(1);
});

// bruno, not ana: every spec before this one opens ana's screens, each with its live stream, and
// the API allows an account 30 stream openings a minute; here the stream itself is under test.
test("bruno writes; Rafael sees it live in the console and answers; bruno's badge shows it on Home and clears when he reads it", async ({ page, browser }) => {
  const team = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const rafael = await team.newPage();
  await signInToConsole(rafael, 'personal@demo.fit');
  await rafael.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: /Mensagens/ }).click();
  await expect(rafael.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();

  await openSignedIn(page, 'bruno@demo.fit', '/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  const question = `Rafael, posso trocar o leg press pelo hack? (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(question);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: question })).toContainText('Enviada');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
  // On Home before the answer comes: the open thread would mark it read at once.
  await expect(page.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');

  // Live in the console's inbox: no reload.
  const row = rafael.getByRole('link', { name: /Bruno Lima/ });
  await expect(row).toContainText(question);
  await expect(row).toContainText(/\d+ não lidas?/);
  await row.click();
  await expect(rafael.getByRole('heading', { level: 1, name: 'Bruno Lima' })).toBeVisible();
  await expect(rafael.getByRole('listitem').filter({ hasText: question })).toBeVisible();

  const answer = `Pode sim, mesma carga e 4 × 12. (${Date.now()})`;
  await rafael.getByRole('textbox', { name: 'Mensagem' }).fill(answer);
  await rafael.getByRole('button', { name: 'Enviar' }).click();
  const sent = rafael.getByRole('listitem').filter({ hasText: answer });
  await expect(sent).toContainText('Enviada');

  // bruno, on Home, sees the badge without reloading; reading the thread clears it, and Rafael sees it read.
  await expect(chatTab(page)).toHaveAccessibleName('Chat, 1 mensagem não lida');
  await chatTab(page).click();
  await expect(page.getByText(answer, { exact: true })).toBeVisible();
  await expect(chatTab(page)).toHaveAccessibleName('Chat');
  await expect(sent).toContainText('Lida');
  expect((await clientThread(page)).filter((message) => message.texto === answer)).toHaveLength(1);
  await team.close();
});
