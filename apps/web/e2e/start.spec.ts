import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';

/*
 * How the app starts (issue 27, decision 048): the signed-in shell from the HTML before any script,
 * the plan's first reads sent while the bundle downloads, and each first screen's JavaScript within
 * its budget.
 */

// Every script but index.html's inline start script is held back until `release()`: the page as a slow phone shows it first.
async function holdAppScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.use({ serviceWorkers: 'block' });

test('a signed-in client sees the header and the tab bar before any of the app\'s script has run, then the whole screen at once', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit', '/profile');
  const api: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v')) api.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const release = await holdAppScripts(page);
  // What the app's first render put in the shell's place, seen as it replaced the shell.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-signed-in-shell]') || !document.querySelector('main')) return;
      observer.disconnect();
      (window as unknown as { firstRender: unknown }).firstRender = {
        dietCards: document.querySelectorAll('[data-slot="diet-card"]').length,
        workoutCards: document.querySelectorAll('[data-slot="workout-card"]').length,
        busy: document.querySelectorAll('[aria-busy="true"]').length,
      };
    }).observe(document, { childList: true, subtree: true });
  });

  // Not waiting for the load event: the held scripts keep it from coming.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  // The client and the plan were asked for while the bundle is still held, in one read.
  await expect.poll(() => api).toEqual(['/api/v1/clientes/1/inicio']);
  // So were the signed-in layout's and home's own chunks, beside the entry rather than after it has run.
  await expect.poll(() => scripts).toEqual(expect.arrayContaining([expect.stringMatching(/\/session-layout-/), expect.stringMatching(/\/home-page-/)]));

  release();
  await expect(page.getByRole('heading', { name: 'Meus treinos' })).toBeVisible();
  // Home rendered once with the greeting, the week and the plan's cards in place of the shell, no placeholders between (decision 050).
  expect(await page.evaluate(() => (window as unknown as { firstRender: unknown }).firstRender)).toEqual({ dietCards: 2, workoutCards: 1, busy: 0 });
  await expect(page.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
  // That read served the app: none of its parts went out again.
  expect(api.filter((path) => /^\/api\/(v2\/clientes\/1|v1\/clientes\/1\/avaliacoes|v1\/avaliacoes\/\d+\/(treinos|dietas)|v1\/treinos\/\d+\/(exercicios|sessoes))$/.test(path))).toEqual([]);
});

test('a signed-out visitor never sees the signed-in shell', async ({ page }) => {
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('[data-signed-in-shell]')).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/login$/);
});

/**
 * Bytes of JavaScript on the wire (compressed, as Lighthouse's "JS KB" counts them) that each first
 * screen loads, and in how many files (each one a request, 6 at a time over HTTP/1.1: decision 049);
 * `npm run bench:web` compares them with a bare React page. A change that adds to a first screen's
 * code must take it from elsewhere, or raise the budget here with its reason.
 */
const JS_BUDGETS: Record<string, { kb: number; files: number }> = {
  '/login': { kb: 160, files: 15 },
  '/': { kb: 176, files: 16 },
  '/workout/1': { kb: 186, files: 20 },
};

for (const [path, budget] of Object.entries(JS_BUDGETS)) {
  test(`${path} loads at most ${budget.kb} KB of JavaScript in ${budget.files} files`, async ({ page }) => {
    if (path === '/login') await page.goto(path);
    else await openSignedIn(page, 'ana@demo.fit', path);
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'Meus treinos' })).first()).toBeVisible();
    // Chunks a screen asks for after its first paint count too, as they do for Lighthouse: counted once
    // none has come for a second. This quiet window is a measurement's end, as Lighthouse's own is (a
    // quiet network; here the app's event stream keeps the network from ever going quiet), not a wait
    // for an event: a slow machine can make it count sooner, never fail it (decision 059).
    const loadedScripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ name: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
      );
    let scripts = await loadedScripts();
    for (let settled = false; !settled; ) {
      await page.waitForTimeout(1000);
      const now = await loadedScripts();
      settled = now.length === scripts.length;
      scripts = now;
    }
    const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
    console.log(`${path}: ${kb.toFixed(1)} KB of JavaScript in ${scripts.length} files (budget ${budget.kb} KB in ${budget.files} files)`);
    expect(kb).toBeLessThanOrEqual(budget.kb);
    expect(scripts.length).toBeLessThanOrEqual(budget.files);
  });
}
