import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';
import { expectNoViolations } from './axe';
import { firstAccessLinkOfANewClient } from './outbox';

// The toasts and the accordions drop their animations, so every scan sees the final colours.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

// The scans open ana's chat but leave her thread unread on the server: chat.spec.ts reads it.
test.beforeEach(({ page }) => page.route('**/api/v1/mensagens/lidas', (route) => route.fulfill({ status: 204 })));

const ANA = 'ana@demo.fit'; // ULTIMATE: workouts and diets
const BRUNO = 'bruno@demo.fit'; // BASIC: workouts
const CARLA = 'carla@demo.fit'; // PRO: diets
const DAVI = 'davi@demo.fit'; // no evaluation yet

/** Waits until the screen has its heading and nothing on it is still loading. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The addresses of one of the signed-in account's workouts and diets, as home links to them. */
async function planPaths(page: Page, email: string) {
  await openSignedIn(page, email);
  await settle(page);
  const href = async (name: RegExp | string, region: string) =>
    page.getByRole('region', { name: region }).getByRole('link', { name }).first().getAttribute('href');
  return { workout: await href(/Treino/, 'Meus treinos'), diet: await href('Acessar dieta', 'Minhas dietas') };
}

/** Opens a workout with its first exercise showing. */
async function openWorkout(page: Page) {
  const { workout } = await planPaths(page, ANA);
  await page.goto(workout!);
  await settle(page);
  await expect(page.getByRole('tabpanel')).toBeVisible();
}

/** Sends a form empty until its field shows an error: a prerendered form answers once the app runs. */
async function submitForErrors(page: Page, button: string | RegExp, field: string) {
  await expect(async () => {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByLabel(field, { exact: true })).toHaveAttribute('aria-invalid', 'true', { timeout: 1000 });
  }).toPass();
}

const setStoredToken = (page: Page, key: string) =>
  page.addInitScript((storageKey) => localStorage.setItem(storageKey, 'token-from-an-emailed-link'), key);

test.describe('axe finds no WCAG 2.1 AA violation', () => {
  test('on the login, with field errors and with a refused sign-in', async ({ page }) => {
    await page.goto('/login');
    await submitForErrors(page, 'Entrar', 'E-mail');
    await expectNoViolations(page, 'login with field errors');

    await page.getByLabel('E-mail').fill('ninguem@demo.fit');
    await page.getByLabel('Senha', { exact: true }).fill('SenhaErrada1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, 'login with a refused sign-in');
  });

  test('on the password screens', async ({ page }) => {
    await page.goto('/reset-password-email');
    await settle(page);
    await expectNoViolations(page, '/reset-password-email');
    await submitForErrors(page, 'Enviar e-mail', 'E-mail');
    await expectNoViolations(page, '/reset-password-email with an error');

    // The landing of a genuine link (the server checks it first) moves on after a second; a stopped clock keeps it on screen.
    const link = firstAccessLinkOfANewClient();
    await page.clock.install();
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText('Verificando seu link…');
    await expectNoViolations(page, '/reset-password-fallback');
  });

  for (const { path, key } of [
    { path: '/first-access', key: 'first-access-token' },
    { path: '/reset-password', key: 'forgot-password-token' },
  ]) {
    test(`on ${path}, empty and with errors`, async ({ page }) => {
      await setStoredToken(page, key);
      await page.goto(path);
      await settle(page);
      await expectNoViolations(page, path);
      await submitForErrors(page, /^(Criar|Alterar) senha$/, 'Nova senha');
      await expectNoViolations(page, `${path} with errors`);
    });
  }

  for (const email of [ANA, BRUNO, CARLA, DAVI]) {
    test(`on home for ${email}`, async ({ page }) => {
      await openSignedIn(page, email);
      await settle(page);
      const seeAll = page.getByRole('button', { name: 'Ver todos' });
      if (await seeAll.isVisible()) await seeAll.click();
      await expectNoViolations(page, `home for ${email}`);
    });
  }

  test('on a workout with a rest running, the load dialog open, and the rest-done toast', async ({ page }) => {
    // Four axe runs and a rest run to its end: more than a fast test's time on a busy machine.
    test.slow();
    await page.clock.install();
    await openWorkout(page);
    await expectNoViolations(page, 'workout');

    await page.getByRole('button', { name: 'Iniciar descanso' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await expectNoViolations(page, 'workout with a rest running');

    await page.getByRole('tabpanel').getByRole('button', { name: 'Editar carga' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar carga' })).toBeVisible();
    await expectNoViolations(page, 'workout with the load dialog open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // To five seconds before the end of the rest, then a second at a time: the installed clock also
    // runs on its own, and the toast stays for four seconds only.
    const [minutes, seconds] = (await page.getByRole('timer').textContent())!.split(':').map(Number);
    await page.clock.runFor(Math.max(0, minutes! * 60 + seconds! - 5) * 1000);
    const toast = page.getByText('Descanso concluído!');
    for (let second = 0; second < 60 && !(await toast.isVisible()); second += 1) await page.clock.runFor(1000);
    await expect(toast).toBeVisible();
    await expectNoViolations(page, 'workout with the rest-done toast');
  });

  test('on a workout in train mode, with a set done, a rest running, the notices unfolded and the conclusion asked', async ({ page }) => {
    // Four axe runs of a long page.
    test.slow();
    await openWorkout(page);
    await page.getByRole('button', { name: 'Iniciar treino' }).click();
    await page.getByRole('checkbox', { name: /^Série 1 de .+ feita$/ }).check();
    const bar = page.getByRole('region', { name: 'Treino em andamento' });
    await expect(bar.getByRole('timer')).toBeVisible();
    await expectNoViolations(page, 'workout in train mode');

    await page.getByText('Avisos e atalhos do treino').click();
    await expect(page.getByRole('link', { name: 'Mobilidade' })).toBeVisible();
    await expectNoViolations(page, 'workout in train mode with the notices unfolded');

    await bar.getByRole('button', { name: 'Concluir treino' }).click();
    await expect(page.getByRole('heading', { name: /^Faltam \d+ exercícios\. Concluir assim mesmo\?$/ })).toBeVisible();
    await expectNoViolations(page, 'the conclusion asked');
    // Discarded, not sent: the other specs read ana's sessions.
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar treino' }).click();
    await expect(page.getByRole('heading', { name: 'Descartar treino?' })).toBeVisible();
    await expectNoViolations(page, 'the discard asked');
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar treino' }).click();
    await expect(bar).toHaveCount(0);
  });

  test("on train mode's summary", async ({ page }) => {
    // Answered as the server would, and not stored: the other specs read ana's sessions.
    await page.route('**/api/v1/treinos/*/sessoes', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      return route.fulfill({ status: 201, json: { ...route.request().postDataJSON(), treino_id: 1 } });
    });
    await openWorkout(page);
    await page.getByRole('button', { name: 'Iniciar treino' }).click();
    await page.getByRole('checkbox', { name: /^Série 1 de .+ feita$/ }).check();
    const bar = page.getByRole('region', { name: 'Treino em andamento' });
    await bar.getByRole('button', { name: 'Concluir treino' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Concluir assim mesmo' }).click();
    const summary = page.getByRole('dialog', { name: 'Treino concluído!' });
    await expect(summary.getByRole('status')).toHaveText('Treino salvo.');
    await expectNoViolations(page, "train mode's summary");
    await summary.getByRole('button', { name: 'Pronto' }).click();
    await expect(summary).toHaveCount(0);
  });

  test('on home with a rest running in the bar above the navigation', async ({ page }) => {
    await openWorkout(page);
    await page.getByRole('button', { name: 'Iniciar descanso' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    await settle(page);
    await expect(page.getByRole('region', { name: 'Descanso em andamento' })).toBeVisible();
    await expectNoViolations(page, 'home with the rest bar');
  });

  test('on a diet', async ({ page }) => {
    const { diet } = await planPaths(page, ANA);
    await page.goto(diet!);
    await settle(page);
    await expectNoViolations(page, 'diet');
  });

  test('on the profile', async ({ page }) => {
    await openSignedIn(page, ANA, '/profile');
    await settle(page);
    await expect(page.getByRole('heading', { name: 'Sua evolução' })).toBeVisible();
    await expectNoViolations(page, 'profile');
  });

  test('on each content screen with an item open', async ({ page }) => {
    await page.route(/youtube|ytimg/, (route) => route.abort());
    await openSignedIn(page, ANA, '/supplements');
    await settle(page);
    await expectNoViolations(page, '/supplements');

    for (const { path, item } of [
      { path: '/faq', item: 'Por quanto tempo tenho acesso ao app?' },
      { path: '/exercise-methods', item: 'Rest-pause' },
    ]) {
      await page.goto(path);
      await settle(page);
      await page.getByRole('button', { name: item }).click();
      await expect(page.getByRole('button', { name: item })).toHaveAttribute('aria-expanded', 'true');
      await expectNoViolations(page, `${path} with an item open`);
    }

    await page.goto('/mobility');
    await settle(page);
    await page.getByRole('button', { name: /^Reproduzir vídeo: / }).first().click();
    await expect(page.locator('iframe')).toHaveCount(1);
    await expectNoViolations(page, '/mobility with a video open');
  });

  test('on the chat thread, with a message waiting for a connection', async ({ page, context }) => {
    await openSignedIn(page, ANA, '/chat');
    await settle(page);
    await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();
    await expectNoViolations(page, 'chat thread');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Escreva a mensagem.')).toBeVisible();
    await expectNoViolations(page, 'chat thread with an empty message refused');
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Posso trocar o treino de quarta?');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Aguardando conexão')).toBeVisible();
    await expectNoViolations(page, 'chat thread with a message waiting');
    // The message is not ana's to send in the other specs' thread: the page closes before the connection returns.
  });

  test("on the chat's e-mail form, with field errors and with a failed send", async ({ page }) => {
    await openSignedIn(page, ANA, '/chat/email');
    await settle(page);
    await page.getByLabel('Nome').fill('Ana 2');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Não são permitidos caracteres especiais')).toBeVisible();
    await expectNoViolations(page, 'chat with field errors');

    await page.route('**/email/send', (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByLabel('Nome').fill('Ana Paula');
    await page.getByLabel('Mensagem', { exact: true }).fill('Posso trocar o treino de quarta?');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByLabel('Mensagem', { exact: true })).toHaveValue('Posso trocar o treino de quarta?');
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    await expectNoViolations(page, 'chat with a failed send');
  });

  test('on /application-error, /error and a page that does not exist', async ({ page }) => {
    await openSignedIn(page, BRUNO, '/application-error');
    await settle(page);
    await expectNoViolations(page, '/application-error');

    await page.goto('/error?reason=used-token');
    await settle(page);
    await expectNoViolations(page, '/error');

    await page.goto('/essa-pagina-nao-existe');
    await settle(page);
    await expectNoViolations(page, 'not found');
  });
});

// ---------------------------------------------------------------------------------------------
// Keyboard focus: the ring is seen, and is never under the sticky header or the bottom tab bar.
// ---------------------------------------------------------------------------------------------

interface FocusStop {
  name: string;
  outline: string;
  /** WCAG contrast of the ring against what lies behind it. */
  contrast: number;
  /** How far the ring reaches beyond the element's box, in CSS px (0 when drawn inside it). */
  ringReach: number;
  /** Whether a box that clips its overflow (a scrolling row, say) cuts part of the ring off. */
  clipped: boolean;
  top: number;
  bottom: number;
  fixed: boolean;
  inBars: boolean;
}

/** Reads the focused element's ring from its computed styles and measures it against its background. */
function describeFocus(): FocusStop | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  // The colours a control fades to on focus are the ones to measure, not the frame the fade is at.
  for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();

  // A 1×1 canvas turns any CSS colour (rgb, oklab, color-mix…) into sRGB bytes.
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  type Rgba = [number, number, number, number];
  const toRgba = (colour: string): Rgba => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: Rgba, below: Rgba): Rgba => [
    top[0] * top[3] + below[0] * (1 - top[3]),
    top[1] * top[3] + below[1] * (1 - top[3]),
    top[2] * top[3] + below[2] * (1 - top[3]),
    1,
  ];
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };

  const style = getComputedStyle(element);
  const width = parseFloat(style.outlineWidth);
  const offset = parseFloat(style.outlineOffset);
  // A ring drawn outside the box lies on whatever holds the element; one drawn inside, on the element.
  const layers: Rgba[] = [];
  for (let node: Element | null = offset >= 0 ? element.parentElement : element; node; node = node.parentElement) {
    layers.unshift(toRgba(getComputedStyle(node).backgroundColor));
  }
  const background = layers.reduce<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  const ring = over(toRgba(style.outlineColor), background);
  const [lighter, darker] = [luminance(ring), luminance(background)].sort((a, b) => b - a) as [number, number];

  const rect = element.getBoundingClientRect();
  const visible = style.outlineStyle !== 'none' && width > 0;
  const ringReach = visible ? Math.max(0, offset + width) : 0;
  let clipped = false;
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(node);
    if (overflowX === 'visible' && overflowY === 'visible') continue;
    // What a box clips to is its padding box: inside its borders.
    const box = node.getBoundingClientRect();
    const [left, top] = [box.left + node.clientLeft, box.top + node.clientTop];
    const [right, bottom] = [left + node.clientWidth, top + node.clientHeight];
    const tolerance = 0.5;
    if (
      rect.left - ringReach < left - tolerance ||
      rect.right + ringReach > right + tolerance ||
      rect.top - ringReach < top - tolerance ||
      rect.bottom + ringReach > bottom + tolerance
    ) {
      clipped = true;
    }
  }
  return {
    name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
    outline: visible ? `${style.outlineStyle} ${width}px ${style.outlineColor}` : 'none',
    contrast: visible ? (lighter + 0.05) / (darker + 0.05) : 0,
    ringReach,
    clipped,
    top: rect.top,
    bottom: rect.bottom,
    fixed: style.position === 'fixed',
    inBars: element.closest('[data-bottom-bar]') !== null || (element.closest('header, nav') !== null && element.closest('main') === null),
  };
}

/** Presses Tab until focus comes back round, and returns every stop on the way. */
async function tabThrough(page: Page, onStop: (stop: FocusStop) => Promise<void> | void) {
  const seen = new Set<string>();
  for (let press = 0; press < 80; press += 1) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const path: number[] = [];
      for (let node: Element | null = element; node?.parentElement; node = node.parentElement) {
        path.unshift([...node.parentElement.children].indexOf(node));
      }
      return path.join('.');
    });
    if (key === null || seen.has(key)) return seen.size;
    seen.add(key);
    const stop = await page.evaluate(describeFocus);
    if (stop) await onStop(stop);
  }
  return seen.size;
}

const FOCUS_SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/login');
      // The form is prerendered: tab through it once the app runs it.
      await page.waitForLoadState('networkidle');
    },
  },
  { name: 'home', open: (page) => openSignedIn(page, ANA) },
  { name: 'workout', open: openWorkout },
  {
    name: 'workout in train mode',
    open: async (page) => {
      await openWorkout(page);
      await page.getByRole('button', { name: 'Iniciar treino' }).click();
      // A set done: its rest runs in a second row above the tab bar.
      await page.getByRole('checkbox', { name: /^Série 1 de .+ feita$/ }).check();
      await expect(page.getByRole('region', { name: 'Treino em andamento' }).getByRole('timer')).toBeVisible();
    },
  },
  {
    name: 'faq',
    open: async (page) => {
      await openSignedIn(page, ANA, '/faq');
      await page.getByRole('button', { name: 'Por quanto tempo tenho acesso ao app?' }).click();
    },
  },
  { name: 'chat', open: (page) => openSignedIn(page, ANA, '/chat') },
  { name: 'profile', open: (page) => openSignedIn(page, ANA, '/profile') },
  {
    name: 'diet',
    open: async (page) => {
      const { diet } = await planPaths(page, ANA);
      await page.goto(diet!);
    },
  },
];

test.describe('keyboard focus', () => {
  for (const screen of FOCUS_SCREENS) {
    test(`every control on ${screen.name} shows a whole ring of at least 3:1 against its background`, async ({ page }) => {
      await screen.open(page);
      await settle(page);
      const weak: string[] = [];
      const stops = await tabThrough(page, (stop) => {
        if (stop.contrast < 3) weak.push(`${stop.name}: ${stop.outline}, ${stop.contrast.toFixed(2)}:1`);
        if (stop.clipped) weak.push(`${stop.name}: the ring is cut off by a box around it`);
      });
      expect(stops).toBeGreaterThan(2);
      expect(weak, weak.join('\n')).toEqual([]);
    });
  }

  for (const screen of FOCUS_SCREENS.filter(({ name }) => ['workout', 'workout in train mode', 'diet', 'faq', 'home'].includes(name))) {
    test(`no control on ${screen.name} gets focus under the header or the bottom bar`, async ({ page }) => {
      await screen.open(page);
      await settle(page);
      // In train mode's focus there is no header: the screen starts at its top.
      const header = (await page.getByRole('banner').count()) > 0 ? await page.getByRole('banner').boundingBox() : null;
      // The tab bar, or the rows above it (a running rest, train mode's progress).
      const bars = page.locator('nav[aria-label="Navegação principal"], [data-bottom-bar]');
      const barsTop = Math.min(...(await bars.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top))));
      const [visibleTop, visibleBottom] = [header ? header.y + header.height : 0, barsTop];
      const hidden: string[] = [];
      await tabThrough(page, (stop) => {
        if (stop.fixed || stop.inBars) return;
        const [top, bottom] = [stop.top - stop.ringReach, stop.bottom + stop.ringReach];
        // Something taller than the space between the bars can show its top only.
        const fits = bottom - top <= visibleBottom - visibleTop;
        if (top < visibleTop - 0.5 || (fits && bottom > visibleBottom + 0.5)) {
          hidden.push(`${stop.name}: ${top.toFixed(0)}–${bottom.toFixed(0)}, visible ${visibleTop}–${visibleBottom}`);
        }
      });
      expect(hidden, hidden.join('\n')).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Reflow and zoom.
// ---------------------------------------------------------------------------------------------

const SIGNED_IN_PATHS = ['/', '/profile', '/historico', '/chat', '/chat/email', '/faq', '/supplements', '/mobility', '/exercise-methods', '/application-error'];
const PUBLIC_PATHS = ['/login', '/reset-password-email', '/error?reason=used-token', '/essa-pagina-nao-existe'];

/** Every signed-in screen of ana's, her workout and diet included. */
async function signedInPaths(page: Page) {
  const { workout, diet } = await planPaths(page, ANA);
  return { workout: workout!, all: [...SIGNED_IN_PATHS, workout!, diet!] };
}

test.describe('at 320 CSS px wide (a 640 px window at 200 % zoom)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const expectNoSidewaysScroll = async (page: Page, path: string) => {
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(320);
  };

  test('no signed-in screen scrolls sideways', async ({ page }) => {
    const paths = await signedInPaths(page);
    for (const path of paths.all) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
    await page.goto(paths.workout);
    await settle(page);
    await page.getByRole('button', { name: 'Iniciar descanso' }).click();
    await expectNoSidewaysScroll(page, 'workout with a rest running');
  });

  test('no public screen scrolls sideways', async ({ page }) => {
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
    for (const { path, key } of [
      { path: '/first-access', key: 'first-access-token' },
      { path: '/reset-password', key: 'forgot-password-token' },
    ]) {
      await setStoredToken(page, key);
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
  });
});

test.describe('on a 390×844 phone zoomed to 200 %', () => {
  // Zooming a page to 200 % halves the CSS viewport and doubles devicePixelRatio: layout and media
  // queries then see 195×422 CSS px at a ratio of 2, which is what this emulates. (Chromium has no
  // browser zoom to drive headless; the page scale factor of CDP is pinch zoom, which does not reflow.)
  test.use({ viewport: { width: 195, height: 422 }, deviceScaleFactor: 2 });

  test('the header and the bottom bar take at most a quarter of the height', async ({ page }) => {
    for (const path of (await signedInPaths(page)).all) {
      await page.goto(path);
      await settle(page);
      const header = (await page.getByRole('banner').boundingBox())!;
      const bottomBar = (await page.getByRole('navigation', { name: 'Navegação principal' }).boundingBox())!;
      expect(header.height + bottomBar.height, path).toBeLessThanOrEqual(422 / 4);
    }
  });
});
