import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openSignedIn, signInThroughForm } from './api-session';
import { expectNoViolations } from './axe';
import { standInForPushManager, startPushService } from './push-service';
import { startOnRunDay } from './run-day';

/**
 * Push notifications end to end (issue 26): subscribing from Perfil, the server's push reaching a
 * push service, the service worker showing it, a tap opening its screen; and the day's water kept
 * by the server across 'Sair'. davi's account: no other spec reads his water or his conversation.
 */
const DAVI = 'davi@demo.fit';

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
}

/** The notifications the service worker shows now (its registration's getNotifications()). */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, icon, badge, data }) => ({ title, body, tag, icon, badge, data: data as unknown }));
  });
}

/** The DevTools protocol's ServiceWorker domain: the registration to deliver pushes to. */
async function pushChannel(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await session.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  /** Delivers a push's decrypted JSON to the service worker, as the browser's push service does. */
  const deliver = (data: string) => session.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations.get(`${origin}/`)!, data });
  return {
    deliver,
    /**
     * Delivers a push until `shown` passes. The protocol's delivery is fire-and-forget: a push
     * that reaches the worker while the browser is busy starting or stopping it is dropped
     * without a word (seen on a loaded CI machine, the notification never showed). The same push
     * again replaces its notification (its tag), so a second delivery changes nothing else.
     */
    deliverUntil: (data: string, shown: () => Promise<void>) =>
      expect(async () => {
        await deliver(data);
        // Not a bound on the worker: the pause before the same push goes again.
        await expect(shown).toPass({ timeout: 10_000 });
      }).toPass(),
  };
}

/** A tap on the notification with this tag: its click event, dispatched in the service worker. */
async function tapNotification(context: BrowserContext, tag: string) {
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async (wanted) => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    // A script's event is not trusted, so its waitUntil is refused; the handler's work runs all the same.
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, tag);
}

test('subscribing from Perfil with the permission granted; a team message pushed through the push service shows, a tap opens /chat, and none shows while the chat is on screen', async ({
  page,
  context,
  baseURL,
}) => {
  // Two screens, a reload, two axe scans and three pushes: more than the default 30 s on a busy machine.
  test.slow();
  const service = await startPushService();
  try {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await standInForPushManager(page, service.device);
    await openSignedIn(page, DAVI, '/profile');
    // Controlled by the service worker (installed on the first visit), so a tap can send the page elsewhere.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByRole('link', { name: 'Notificações' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByText('No iPhone, as notificações só funcionam depois que o Acompanha é adicionado à Tela de Início', { exact: false })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Mensagens da equipe' })).toBeChecked();
    await expectNoViolations(page, 'Perfil › Notificações before subscribing');
    const stored = page.waitForResponse((response) => response.url().endsWith('/api/v1/push/assinaturas') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Ativar notificações' }).click();
    await expect(page.getByText('Notificações ativadas neste aparelho.')).toBeVisible();
    expect((await stored).status()).toBe(201);
    // With the water reminder's fields shown too.
    await page.getByRole('switch', { name: 'Beber água' }).click();
    await expect(page.getByText('Preferências salvas.')).toBeVisible();
    await expect(page.getByLabel('Lembrar a cada')).toHaveValue('2');
    await expectNoViolations(page, "Perfil › Notificações subscribed, with the water reminder's fields");

    // The settings' test goes through the push service like any push.
    await page.getByRole('button', { name: 'Enviar notificação de teste' }).click();
    await expect(page.getByText('Notificação de teste enviada. Ela deve aparecer em instantes.')).toBeVisible();
    await expect.poll(() => service.received().length).toBe(1);
    expect(JSON.parse(service.received()[0]!)).toMatchObject({ titulo: 'Notificação de teste', tag: 'teste' });

    // Rafael answers davi in the console.
    const staff = await page.request.post('/api/v1/auth/login', { data: { email: 'personal@demo.fit', password: 'Treino2026' } });
    const headers = { authorization: `Bearer ${((await staff.json()) as { token: string }).token}` };
    const roster = (await (await page.request.get('/api/v1/equipe/clientes', { headers })).json()) as { results: { id: number; email: string }[] };
    const davi = roster.results.find((client) => client.email === DAVI)!;
    const texto = 'Oi, Davi! Sua avaliação está marcada para sexta às 9h. Traga roupas leves e venha em jejum de 3 horas, por favor. Qualquer dúvida, estamos aqui.';
    expect((await page.request.post(`/api/v1/equipe/clientes/${davi.id}/mensagens`, { headers, data: { texto } })).status()).toBe(201);
    await expect.poll(() => service.received().length).toBe(2);
    const pushed = service.received()[1]!;
    const payload = JSON.parse(pushed) as { titulo: string; corpo: string; url: string; tag: string };
    expect(payload).toMatchObject({ titulo: 'Rafael Costa', url: '/chat', tag: 'mensagens' });
    expect(Array.from(payload.corpo)).toHaveLength(120);

    const channel = await pushChannel(context, page);
    await channel.deliverUntil(pushed, async () =>
      expect((await shownNotifications(page)).filter((shown) => shown.tag === 'mensagens')).toEqual([
        { title: 'Rafael Costa', body: payload.corpo, tag: 'mensagens', icon: expect.stringMatching(/\/pwa-192x192\.png$/), badge: expect.stringMatching(/\/badge-96x96\.png$/), data: { url: '/chat' } },
      ]),
    );

    await tapNotification(context, 'mensagens');
    await page.waitForURL('**/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    expect((await shownNotifications(page)).filter((shown) => shown.tag === 'mensagens')).toEqual([]);

    // The conversation is on screen: another message from the team shows there, not as a notification.
    // Pushes reach the worker in order: once the water's shows, the team's was handled before it.
    await channel.deliver(pushed);
    await channel.deliverUntil(JSON.stringify({ titulo: 'Hora de beber água', corpo: 'Hoje você bebeu 0 ml de 2000 ml.', url: '/', tag: 'agua' }), async () =>
      expect((await shownNotifications(page)).map((shown) => shown.tag)).toEqual(['agua']),
    );
  } finally {
    await service.close();
  }
});

test("water logged, 'Sair', signed in again: the same count, from the server", async ({ page }) => {
  await startOnRunDay(page);
  await signInThroughForm(page, DAVI);
  const water = page.getByRole('region', { name: 'Consumo de água' });
  const shown = async () => Number(/^(\d+) ml de 2000 ml$/.exec((await water.getByText(/ ml de 2000 ml$/).textContent()) ?? '')?.[1]);
  await expect(water.getByText(/ ml de 2000 ml$/)).toBeVisible();
  const before = await shown();

  for (let glass = 0; glass < 2; glass += 1) {
    const saved = page.waitForResponse((response) => /\/api\/v1\/agua\/\d{4}-\d\d-\d\d$/.test(response.url()) && response.request().method() === 'PUT');
    await water.getByRole('button', { name: 'Adicionar 250 ml' }).click();
    expect((await saved).status()).toBe(200);
  }
  await expect(water.getByText(`${before + 500} ml de 2000 ml`)).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('waterIntake'))).toBeNull();

  await signInThroughForm(page, DAVI);
  await expect(water.getByText(`${before + 500} ml de 2000 ml`)).toBeVisible();
  await expect(water.getByText(/^Último registro às 12:\d{2}$/)).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('waterIntake'))) ?? '[]')).toHaveLength(before / 250 + 2);
});
