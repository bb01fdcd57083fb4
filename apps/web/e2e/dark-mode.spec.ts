import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, signInToConsole } from './api-session';

// A phone whose system is set to dark.
test.use({ colorScheme: 'dark', contextOptions: { reducedMotion: 'reduce' } });

/** WCAG relative luminance of a computed `rgb(r, g, b)` or `rgba(r, g, b, a)` colour. */
function luminance(color: string): number {
  const [red, green, blue] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((channel) => Number(channel) / 255)
    .map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/**
 * The page is dark: a dark background behind light text, and no large surface in a light theme's
 * colour (a card, a panel or a section left white by a colour that is not a token). The dark theme's
 * green, on buttons and message bubbles, is mid-light and allowed.
 */
async function expectDark(page: Page, screen: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { background, text, lightSurfaces } = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const surfaces = [...document.querySelectorAll<HTMLElement>('body *')].flatMap((element) => {
      const { width, height } = element.getBoundingClientRect();
      const color = getComputedStyle(element).backgroundColor;
      const opaque = !/rgba\(.*, 0\)$/.test(color) && color !== 'transparent';
      return width >= window.innerWidth / 2 && height >= 96 && opaque ? [{ element: element.outerHTML.slice(0, 120), color }] : [];
    });
    return { background: body.backgroundColor, text: body.color, lightSurfaces: surfaces };
  });
  expect(luminance(background), `${screen}: the background ${background}`).toBeLessThan(0.02);
  expect(luminance(text), `${screen}: the text ${text}`).toBeGreaterThan(0.6);
  expect(
    lightSurfaces.filter(({ color }) => luminance(color) > 0.5),
    `${screen}: large surfaces in a light colour`,
  ).toEqual([]);
}

test("the client app follows the system's dark theme on every main screen", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectDark(page, '/login');

  await openSignedIn(page, 'ana@demo.fit');
  await expect(page.getByRole('heading', { name: 'Meus treinos' })).toBeVisible();
  await expectDark(page, 'home');
  const href = (region: string, name: RegExp | string) =>
    page.getByRole('region', { name: region }).getByRole('link', { name }).first().getAttribute('href');
  const workout = await href('Meus treinos', /Treino/);
  const diet = await href('Minhas dietas', 'Acessar dieta');

  await page.goto(workout!);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectDark(page, 'a workout');

  await page.goto(diet!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectDark(page, 'a diet');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expectDark(page, 'Perfil');
});

test("the browser's bar takes the header's colour in the dark theme, and the brand's green in the light one", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const header = await page.getByRole('banner').evaluate((banner) => getComputedStyle(banner).backgroundColor);
  const dark = page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]');
  const light = page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]');
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;
  expect(rgb((await dark.getAttribute('content'))!)).toBe(header);

  await page.emulateMedia({ colorScheme: 'light' });
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(await light.getAttribute('content')).toBe(primary);
});

test("the team console follows the system's dark theme", async ({ page }) => {
  await page.goto('/equipe/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectDark(page, 'the console sign-in');
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);

  await signInToConsole(page, 'personal@demo.fit');
  await expectDark(page, 'the client list');
  await page.getByRole('link', { name: /Ana Paula Souza/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Paula Souza' })).toBeVisible();
  await expectDark(page, "a client's page");
});
