import { DEFAULT_PUSH_PREFERENCES, type PushPreferences } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, freshTokens } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';
import { BLOCKED_MESSAGE, IPHONE_NOTE, TEST_SENT } from './components/device-card';
import { SAVE_FAILED, WATER_ORDER_MESSAGE } from './components/preferences-card';

/** The server's VAPID key: any 65 bytes do for a browser that is a stand-in. */
const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString('base64url');
const ENDPOINT = 'https://push.example.test/device/abc';
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A browser's push machinery, as far as the screen uses it: the permission, the worker's registration, its subscription. */
function stubBrowser({ permission = 'default' as NotificationPermission, subscribed = false, supported = true } = {}) {
  const state = { permission, subscription: null as PushSubscription | null };
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: Uint8Array.from(Buffer.from(PUBLIC_KEY, 'base64url')).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256dh-do-aparelho', auth: 'auth-do-aparelho' } }),
    unsubscribe: vi.fn(async () => {
      state.subscription = null;
      return true;
    }),
  } as unknown as PushSubscription;
  if (subscribed) state.subscription = subscription;
  const subscribe = vi.fn(async () => {
    state.subscription = subscription;
    return subscription;
  });
  const registration = { active: {}, pushManager: { getSubscription: async () => state.subscription, subscribe } };
  const requestPermission = vi.fn(async () => {
    state.permission = 'granted';
    return state.permission;
  });
  if (supported) {
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', {
      get permission() {
        return state.permission;
      },
      requestPermission,
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    });
  }
  return { subscribe, requestPermission, unsubscribe: subscription.unsubscribe as ReturnType<typeof vi.fn> };
}

/** The push calls as the server answers them; records what the screen sends. */
function pushServer(preferences: PushPreferences = DEFAULT_PUSH_PREFERENCES) {
  const sent: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  const record = async (request: Request) => {
    const text = await request.clone().text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null, authorization: request.headers.get('Authorization') });
  };
  let stored = preferences;
  server.use(
    http.get(apiUrl('/v1/push/chave'), () => HttpResponse.json({ chave_publica: PUBLIC_KEY })),
    http.post(apiUrl('/v1/push/assinaturas'), async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(apiUrl('/v1/push/assinaturas'), async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/v1/push/teste'), async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 202 });
    }),
    http.get(apiUrl('/v1/push/preferencias'), () => HttpResponse.json(stored)),
    http.put(apiUrl('/v1/push/preferencias'), async ({ request }) => {
      await record(request);
      stored = (await request.json()) as PushPreferences;
      return HttpResponse.json(stored);
    }),
  );
  return { sent, calls: (method: string, path: string) => sent.filter((call) => call.method === method && call.path === `/api${path}`) };
}

describe('Perfil › Notificações', () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks for the permission only after a tap, then subscribes this device, stores it and saves the settings with its time zone', async () => {
    const browser = stubBrowser();
    const api = pushServer();
    const { user } = renderApp('/profile/notificacoes');

    const enable = await screen.findByRole('button', { name: 'Ativar notificações' });
    expect(screen.getByRole('heading', { level: 1, name: 'Notificações' })).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(enable);

    expect(await screen.findByText('Notificações ativadas neste aparelho.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(Buffer.from(PUBLIC_KEY, 'base64url')) });
    expect(api.calls('POST', '/v1/push/assinaturas').map((call) => call.body)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256dh-do-aparelho', auth: 'auth-do-aparelho' } },
    ]);
    await waitFor(() => expect(api.calls('PUT', '/v1/push/preferencias').map((call) => call.body)).toEqual([{ ...DEFAULT_PUSH_PREFERENCES, fuso_horario: ZONE }]));
  });

  it('explains a blocked permission instead of offering to ask again', async () => {
    stubBrowser({ permission: 'denied' });
    pushServer();
    renderApp('/profile/notificacoes');

    expect(await screen.findByText(BLOCKED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ativar notificações' })).not.toBeInTheDocument();
    expect(screen.getByText(IPHONE_NOTE)).toBeInTheDocument();
  });

  it('says so on a browser without push, and still shows the iPhone note', async () => {
    stubBrowser({ supported: false });
    pushServer();
    renderApp('/profile/notificacoes');

    expect(await screen.findByText('Este navegador não recebe notificações.')).toBeInTheDocument();
    expect(screen.getByText(IPHONE_NOTE)).toBeInTheDocument();
  });

  it("sends the test notification to this device's endpoint, and can turn this device off", async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const api = pushServer();
    const { user } = renderApp('/profile/notificacoes');

    await user.click(await screen.findByRole('button', { name: 'Enviar notificação de teste' }));
    expect(await screen.findByText(TEST_SENT)).toBeInTheDocument();
    expect(api.calls('POST', '/v1/push/teste').map((call) => call.body)).toEqual([{ endpoint: ENDPOINT }]);

    await user.click(screen.getByRole('button', { name: 'Desativar neste aparelho' }));
    expect(await screen.findByRole('button', { name: 'Ativar notificações' })).toBeInTheDocument();
    expect(api.calls('DELETE', '/v1/push/assinaturas').map((call) => call.body)).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('saves a switch at once, shows its times, and puts it back when the server refuses', async () => {
    stubBrowser({ permission: 'granted', subscribed: true });
    const api = pushServer();
    const { user } = renderApp('/profile/notificacoes');
    const settings = await screen.findByRole('region', { name: 'O que avisar' });

    const messages = within(settings).getByRole('switch', { name: 'Mensagens da equipe' });
    expect(messages).toBeChecked();
    expect(within(settings).getByLabelText('Horário do lembrete')).toHaveValue('07:00');
    const water = within(settings).getByRole('switch', { name: 'Beber água' });
    expect(water).not.toBeChecked();

    await user.click(water);
    expect(water).toBeChecked();
    expect(within(settings).getByLabelText('Lembrar a cada')).toHaveValue('2');
    await waitFor(() =>
      expect(api.calls('PUT', '/v1/push/preferencias').at(-1)?.body).toEqual({
        ...DEFAULT_PUSH_PREFERENCES,
        agua: { ...DEFAULT_PUSH_PREFERENCES.agua, ativo: true },
        fuso_horario: ZONE,
      }),
    );
    expect(await within(settings).findByText('Preferências salvas.')).toBeInTheDocument();

    server.use(http.put(apiUrl('/v1/push/preferencias'), () => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'inválido' }, { status: 400 })));
    await user.click(messages);
    expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument();
    expect(messages).toBeChecked();
  });

  it('refuses water times out of order without saving them', async () => {
    stubBrowser({ permission: 'granted', subscribed: true });
    const api = pushServer({ ...DEFAULT_PUSH_PREFERENCES, agua: { ativo: true, a_cada_horas: 2, inicio: '08:00', fim: '20:00' }, fuso_horario: ZONE });
    const { user } = renderApp('/profile/notificacoes');
    const from = await screen.findByLabelText('Das');

    await user.clear(from);
    await user.type(from, '21:00');

    expect(await screen.findByText(WATER_ORDER_MESSAGE)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/v1/push/preferencias')).toEqual([]);
  });

  it("'Sair' removes this device's subscription on the server, with the session's token, and in the browser", async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const api = pushServer();
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(api.calls('DELETE', '/v1/push/assinaturas')).toHaveLength(1));
    expect(api.calls('DELETE', '/v1/push/assinaturas')[0]).toMatchObject({ body: { endpoint: ENDPOINT }, authorization: `Bearer ${freshTokens.token}` });
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('is reached from Perfil', async () => {
    stubBrowser({ supported: false });
    pushServer();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Notificações' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações' })).toBeInTheDocument();
  });
});
