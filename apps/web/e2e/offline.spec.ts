import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, savedQueryCache } from './api-session';
import { openWorkoutFromHome } from './plan';

const OFFLINE_STATUS = 'Sem conexão — mostrando os dados salvos';

/** Waits until the app's saved copy (IndexedDB, written at most once a second) holds `text`. */
async function waitUntilSaved(page: Page, text: string) {
  await expect.poll(() => savedQueryCache(page)).toContain(text);
}

/** The service worker has installed: the shell and every screen's code are cached. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('installable: the manifest and its icons, the favicons, and a service worker that controls the page', async ({ page }) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();

  const manifestResponse = await page.request.get(manifestHref!);
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Acompanha',
    short_name: 'Acompanha',
    lang: 'pt-BR',
    start_url: '/',
    display: 'standalone',
    theme_color: '#047857',
  });
  expect(manifest.description).toEqual(expect.any(String));
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);

  const files = [...manifest.icons.map((icon) => icon.src), '/favicon.ico', '/apple-touch-icon.png'];
  for (const file of files) {
    const response = await page.request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toMatch(/^image\//);
  }
  // A file that does not exist is not answered with the app's page.
  expect((await page.request.get('/manifest.json')).status()).toBe(404);

  await waitForServiceWorker(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

test('after one visit online, the plan opens offline, a load saved offline waits and is sent when back online', async ({
  page,
  context,
}) => {
  await openSignedIn(page, 'ana@demo.fit');
  await waitForServiceWorker(page);
  await openWorkoutFromHome(page, 'Treino C - Glúteos e core');
  const workoutUrl = page.url();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await page.getByRole('link', { name: 'Acessar dieta' }).first().click();
  await expect(page.getByText('Café da manhã')).toBeVisible();
  await waitUntilSaved(page, 'Cadeira abdutora');
  await waitUntilSaved(page, 'Café da manhã');

  await context.setOffline(true);
  await page.goto('/');

  await expect(page.getByText('Olá, Ana S.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_STATUS })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Minhas dietas' })).toBeVisible();

  // Perfil was never opened: its code comes from the service worker, its data from the saved evaluations.
  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.getByText('Objetivo')).toBeVisible();

  await page.getByRole('link', { name: 'Início' }).click();
  await page.getByRole('link', { name: 'Acessar dieta' }).first().click();
  await expect(page.getByText('Café da manhã')).toBeVisible();

  await page.goto(workoutUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Treino C - Glúteos e core' })).toBeVisible();
  await page.getByRole('tab', { name: 'Cadeira abdutora' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Iniciar descanso' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar descanso' }).click();

  const shownLoad = panel.locator('dd').nth(2);
  await expect(shownLoad).toHaveText('40 kg');
  await panel.getByRole('button', { name: 'Editar carga' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar carga' });
  await dialog.getByLabel('Carga (kg)').fill('42');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shownLoad).toHaveText('42 kgAguardando conexão');
  // The edit waits on the device: saved with the cache (asynchronously, in IndexedDB) before the reload.
  // The cache is kept as JSON text inside the stored record, so its quotes come escaped.
  await waitUntilSaved(page, String.raw`\"carga\":42`);

  await page.reload();
  await page.getByRole('tab', { name: 'Cadeira abdutora' }).click();
  await expect(shownLoad).toHaveText('42 kgAguardando conexão');

  await context.setOffline(false);
  await expect(shownLoad).toHaveText('42 kg');

  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const workoutId = workoutUrl.split('/').pop();
  const answer = await page.request.get(`/api/v1/treinos/${workoutId}/exercicios?page=0&size=50`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { results } = (await answer.json()) as { results: Array<{ id: number; carga: number; atividade: { titulo: string } }> };
  const abductor = results.find((exercise) => exercise.atividade.titulo === 'Cadeira abdutora')!;
  expect(abductor.carga).toBe(42);

  // Back to the seeded value, so that every spec starts from the demo data.
  await page.request.put(`/api/v1/exercicios/${abductor.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { carga: 40 },
  });
});

test('two tabs whose access token expired at the same moment both stay signed in, on one session', async ({ context, page }) => {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: 'bruno@demo.fit', password: 'Treino2026' } });
  const tokens = (await login.json()) as { token: string; refresh_token: string };
  // Keeps the user_id claim readable but breaks the signature: the server answers 401 and the app refreshes.
  await context.addInitScript(({ token, refresh_token }) => {
    if (localStorage.getItem('refresh-token') === null) {
      localStorage.setItem('access-token', `${token}x`);
      localStorage.setItem('refresh-token', refresh_token);
    }
  }, tokens);
  const second = await context.newPage();

  await Promise.all([page.goto('/'), second.goto('/')]);

  for (const tab of [page, second]) {
    await expect(tab.getByText('Olá, Bruno L.')).toBeVisible();
    await expect(tab.getByRole('region', { name: 'Meus treinos' })).toBeVisible();
  }
  const stored = await Promise.all(
    [page, second].map((tab) => tab.evaluate(() => localStorage.getItem('refresh-token'))),
  );
  expect(stored[0]).not.toBe(tokens.refresh_token);
  expect(stored[1]).toBe(stored[0]);
  // The session the tabs share is still alive on the server.
  const refreshed = await page.request.post('/api/v1/auth/refresh', { data: { refresh_token: stored[0] } });
  expect(refreshed.status()).toBe(200);
});

test('a session trained with no signal survives reopening the app and reaches the server once the connection returns, exactly once', async ({
  page,
  context,
}) => {
  await openSignedIn(page, 'ana@demo.fit');
  await waitForServiceWorker(page);
  await openWorkoutFromHome(page, 'Treino C - Glúteos e core');
  await waitUntilSaved(page, 'Cadeira abdutora');
  const workoutId = page.url().split('/').pop()!.split('?')[0];
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const storedSessions = async () => {
    const answer = await page.request.get(`/api/v1/treinos/${workoutId}/sessoes?page=0&size=50`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { results: Array<{ id: string; series: unknown[] }> }).results;
  };
  const before = await storedSessions();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Iniciar treino' }).click();
  const panel = page.getByRole('tabpanel');
  const firstSet = panel.getByRole('checkbox', { name: /^Série 1 de .+ feita$/ });
  await firstSet.check();
  await panel.getByRole('checkbox', { name: /^Série 2 de .+ feita$/ }).check();

  // Closed and opened again with no signal: the session is where it was.
  await page.reload();
  await expect(firstSet).toBeChecked();
  const bar = page.getByRole('region', { name: 'Treino em andamento' });
  await bar.getByRole('button', { name: 'Concluir treino' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Concluir assim mesmo' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText('Sem conexão: o treino será enviado quando a internet voltar.');
  await page.getByRole('dialog').getByRole('button', { name: 'Pronto' }).click();

  // The queued session is kept on the device across another reopening. Whether the server has it yet is
  // not checked: Chromium's offline emulation lapses about 200 ms after a reload (an 'online' event,
  // navigator.onLine true), and a request the app sends right then can reach the server.
  await waitUntilSaved(page, '\\"training\\",\\"upload\\"');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Iniciar treino' })).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await storedSessions()).length).toBe(before.length + 1);
  // Once the device keeps no upload waiting, still one: neither the retry nor the restored copy made a second.
  await expect.poll(() => savedQueryCache(page)).not.toContain('\\"training\\",\\"upload\\"');
  const after = await storedSessions();
  expect(after).toHaveLength(before.length + 1);
  expect(after[0]!.series).toHaveLength(2);
});
