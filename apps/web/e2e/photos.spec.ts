import { messagePageSchema } from '@acompanha/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openSignedIn, signInToConsole } from './api-session';
import { expectNoViolations } from './axe';

// ana's conversation is one thread on one server: these steps run in order, as chat.spec.ts's do.
// The demo clients gave the photo consent already: no consent dialog comes up.
test.describe.configure({ mode: 'serial' });

/** A real photo as a phone takes it: a 1200×900 JPEG, of a colour of its own so that no two are the same bytes. */
async function jpeg(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The signed-in client's thread as the API lists it (their own token, read from the page's storage). */
async function clientThread(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const response = await page.request.get('/api/v1/mensagens?size=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return messagePageSchema.parse(await response.json()).results;
}

/** The messages of the thread with exactly this text. */
async function messagesWith(page: Page, text: string) {
  return (await clientThread(page)).filter((message) => message.texto === text);
}

/** Chooses `file` in the composer's picker, and waits until it is uploaded ('Pronta') in 'Fotos anexadas'. */
async function attachPhoto(page: Page, file: Awaited<ReturnType<typeof jpeg>>) {
  await expect(page.getByRole('button', { name: 'Anexar fotos' })).toBeVisible();
  await page.getByLabel('Escolher fotos').setInputFiles(file);
  const preview = page.getByRole('list', { name: 'Fotos anexadas' });
  await expect(preview.getByRole('listitem')).toHaveCount(1);
  await expect(preview.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await expectDecoded(preview.getByRole('img', { name: 'Foto 1' }));
  return preview;
}

/** The image shows its picture: its bytes loaded and decoded (a broken or blocked one has no natural width). */
async function expectDecoded(image: Locator) {
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

/** The thumbnail has its picture: shown, and decoded with the photo's pixels. */
async function expectLoaded(thumbnail: Locator) {
  const image = thumbnail.locator('img');
  await expect(image).toBeVisible();
  await expectDecoded(image);
}

function send(page: Page, text: string) {
  return page
    .getByRole('textbox', { name: 'Mensagem' })
    .fill(text)
    .then(() => page.getByRole('button', { name: 'Enviar' }).click());
}

test('ana sends a photo; Rafael sees it in the console and answers with a photo, which ana sees live', async ({ page, browser }) => {
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();

  const preview = await attachPhoto(page, await jpeg('treino.jpg', { r: 200, g: 80, b: 40 }));
  await expect(preview).toContainText('Pronta');
  const text = `Olha a minha postura no agachamento (${Date.now()})`;
  await send(page, text);

  const mine = page.getByRole('listitem').filter({ hasText: text });
  await expect(mine).toContainText('Enviada');
  await expect(mine.getByRole('group', { name: '1 foto' })).toBeVisible();
  await expectLoaded(mine.getByRole('button', { name: 'Abrir foto' }));
  await expect(page.getByRole('list', { name: 'Fotos anexadas' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('');
  const stored = await messagesWith(page, text);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.midias).toHaveLength(1);
  expect(stored[0]!.midias[0]).toMatchObject({ largura: expect.any(Number), altura: expect.any(Number) });

  // Rafael, at his desk, in another browser.
  const team = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const rafael = await team.newPage();
  await signInToConsole(rafael, 'personal@demo.fit');
  await rafael.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: /Mensagens/ }).click();
  await expect(rafael.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await rafael.getByRole('link', { name: /Ana Paula Souza/ }).click();
  await expect(rafael.getByRole('heading', { level: 1, name: 'Ana Paula Souza' })).toBeVisible();
  const hers = rafael.getByRole('listitem').filter({ hasText: text });
  await expect(hers.getByRole('group', { name: '1 foto' })).toBeVisible();
  await expectLoaded(hers.getByRole('button', { name: 'Abrir foto' }));

  const teamPreview = await attachPhoto(rafael, await jpeg('correcao.jpg', { r: 30, g: 120, b: 200 }));
  await expect(teamPreview).toContainText('Pronta');
  const answer = `Joelhos alinhados assim, ó (${Date.now()})`;
  await send(rafael, answer);
  const his = rafael.getByRole('listitem').filter({ hasText: answer });
  // 'Lida' at once where ana, on her open chat, reads it as it arrives.
  await expect(his).toContainText(/Enviada|Lida/);
  await expectLoaded(his.getByRole('button', { name: 'Abrir foto' }));

  // ana, still on the chat, without a reload: the stream, or the list read again when the app comes
  // back to the foreground (TanStack Query's focus: a 'visibilitychange' on window).
  const reply = page.getByRole('listitem').filter({ hasText: answer });
  await expect(reply)
    .toBeVisible({ timeout: 3000 })
    .then(() => test.info().annotations.push({ type: 'reply', description: 'arrived on the live stream' }))
    .catch(async () => {
      test.info().annotations.push({ type: 'reply', description: "read again on 'visibilitychange'" });
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect(reply).toBeVisible();
    });
  await expect(reply.getByRole('group', { name: '1 foto' })).toBeVisible();
  // ana was at the end of her thread: it follows the new message, whose thumbnail then loads.
  await expect(reply).toBeInViewport({ ratio: 1 });
  await expectLoaded(reply.getByRole('button', { name: 'Abrir foto' }));
  const answered = await messagesWith(page, answer);
  expect(answered).toHaveLength(1);
  expect(answered[0]!.midias).toHaveLength(1);
  await team.close();
});

test('a photo sent offline waits, and arrives exactly once, with its photo, when the connection returns', async ({ page, context }) => {
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();

  await context.setOffline(true);
  const preview = await attachPhoto(page, await jpeg('sem-sinal.jpg', { r: 90, g: 160, b: 60 }));
  // Shrunk on the phone, it waits for the connection to upload.
  await expect(preview).toContainText('Aguardando conexão');
  const text = `Foto do vestiário, sem sinal (${Date.now()})`;
  await send(page, text);

  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('Aguardando conexão');
  await expect(page.getByRole('list', { name: 'Fotos anexadas' })).toHaveCount(0);

  await context.setOffline(false);

  await expect(item).toContainText('Enviada');
  await expect(item).toHaveCount(1);
  await expectLoaded(item.getByRole('button', { name: 'Abrir foto' }));
  await expect.poll(async () => (await messagesWith(page, text)).length).toBe(1);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  const stored = await messagesWith(page, text);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.midias).toHaveLength(1);
});

test('the attach button, the preview and the full-screen viewer have no axe violations; Escape closes the viewer back to the thumbnail', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit', '/chat');
  await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anexar fotos' })).toBeVisible();
  await expectNoViolations(page, 'The chat with its attach button');

  const preview = await attachPhoto(page, await jpeg('alongamento.jpg', { r: 150, g: 60, b: 170 }));
  await expect(preview).toContainText('Pronta');
  await expect(preview.getByRole('button', { name: 'Remover foto 1' })).toBeVisible();
  await expectNoViolations(page, 'The attached photo, ready');

  const text = `Alongamento depois do treino (${Date.now()})`;
  await send(page, text);
  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('Enviada');
  const thumbnail = item.getByRole('button', { name: 'Abrir foto' });
  await expectLoaded(thumbnail);

  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Foto' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Fechar foto' })).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Foto' })).toBeVisible();
  await expectDecoded(viewer.getByRole('img', { name: 'Foto' }));
  await expectNoViolations(page, 'The photo full screen');

  const zoom = viewer.getByRole('button', { name: 'Ampliar foto' });
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'true');
  await expectNoViolations(page, 'The photo full screen, enlarged');

  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(thumbnail).toBeFocused();
});
