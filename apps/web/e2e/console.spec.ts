import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, signInToConsole } from './api-session';
import { expectNoViolations as expectNoViolationsInBothThemes } from './axe';

// The team console (DECISIONS.md §5), at a desktop's size unless a test says otherwise.
test.use({ viewport: { width: 1280, height: 800 }, contextOptions: { reducedMotion: 'reduce' } });

// Opening ana's page reads her messages; chat.spec.ts counts them, so these visits leave them unread.
test.beforeEach(({ page }) => page.route('**/api/v1/equipe/clientes/*/mensagens/lidas', (route) => route.fulfill({ status: 204 })));


async function expectNoViolations(page: Page, state: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, state);
}

test('a client who signs in to the console is refused, and nothing is stored', async ({ page }) => {
  // Signed in to the client app on the same browser: the console keeps its own session.
  await openSignedIn(page, 'ana@demo.fit');
  await page.goto('/equipe');
  await expect(page).toHaveURL(/\/equipe\/login$/);
  await page.getByLabel('E-mail').fill('ana@demo.fit');
  await page.getByLabel('Senha', { exact: true }).fill('Treino2026');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByRole('alert')).toHaveText('Esta área é exclusiva da equipe.');
  expect(await page.evaluate(() => localStorage.getItem('acompanha.equipe.sessao'))).toBeNull();
  await page.goto('/equipe/clientes/1');
  await expect(page).toHaveURL(/\/equipe\/login$/);
});

test("the console's screens pass axe, at a desktop's size and a phone's", async ({ page }) => {
  // Twelve states, each scanned by axe in both themes, of a second or more each: past 90 s on a busy machine.
  test.setTimeout(180_000);
  await signInToConsole(page, 'personal@demo.fit');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}×${viewport.height}`;
    await page.goto('/equipe/');
    await expectNoViolations(page, `Clientes at ${size}`);
    await page.getByRole('button', { name: 'Vencendo em 10 dias' }).click();
    await expect(page.getByRole('link', { name: /Bruno Lima/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ana Paula Souza/ })).toHaveCount(0);
    await expectNoViolations(page, `Clientes, filtered, at ${size}`);
    await page.goto('/equipe/mensagens');
    await expectNoViolations(page, `Mensagens at ${size}`);
    await page.getByRole('link', { name: /Ana Paula Souza/ }).click();
    await expect(page.getByText('Marina Alves · Nutricionista').last()).toBeVisible();
    await expectNoViolations(page, `Ana's conversation at ${size}`);
    await page.getByRole('link', { name: 'Treinos' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sessões' })).toBeVisible();
    await expectNoViolations(page, `Ana's sessions at ${size}`);
    await page.getByRole('link', { name: 'Avaliações' }).click();
    await expectNoViolations(page, `Ana's evaluations at ${size}`);
  }
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('heading', { name: 'Área da equipe' })).toBeVisible();
});

test("nothing of the console is in the client app's JavaScript", () => {
  const dist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');
  const scripts = fs.readdirSync(path.join(dist, 'assets'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
    expect(code, file).not.toContain('Esta área é exclusiva da equipe.');
    expect(code, file).not.toContain('/v1/equipe/');
  }
});
