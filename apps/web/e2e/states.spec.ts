import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';

/**
 * A screen that cannot load, a server that keeps failing, and the taps that could lose something
 * ('Sair' with writes waiting, water's 'Recomeçar'): decision 045. The water tests run offline, so
 * that nothing they do reaches carla's day on the server, which other specs read.
 */

const serverError = { status: 500, contentType: 'application/json', body: '{"status":500,"error":"Internal Server Error","message":"Falha."}' };

test("bruno (BASIC) opening a diet's link sees 'Erro ao carregar dieta.' alone, with why and the way to renew", async ({ page }) => {
  await openSignedIn(page, 'bruno@demo.fit', '/diet/1');

  const error = page.getByRole('alert');
  await expect(error).toHaveText(/Erro ao carregar dieta\./);
  await expect(error.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await expect(page.getByText('Seu plano não inclui dietas. Para incluí-las, renove seu acompanhamento.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Renovar' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByText('Erro ao carregar refeições.')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Suplementação' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a workout whose server answers 500: placeholders, 'Tentando novamente…' after 3 s, the error with 'Tentar novamente', which loads it once the server answers", async ({
  page,
}) => {
  await page.clock.install();
  await openSignedIn(page, 'ana@demo.fit');
  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  await expect(workouts).toBeVisible();
  await page.route('**/api/v1/treinos/**', (route) => route.fulfill(serverError));

  // Whichever workout home lists first: on some days of the week it lists only that day's.
  const link = workouts.getByRole('link', { name: /^Treino / }).first();
  const title = (await link.textContent())!;
  await link.click();

  await expect(page).toHaveURL(/\/workout\/\d+$/);
  const retrying = page.getByText('Tentando novamente…');
  await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
  await expect(retrying).toHaveCount(0);
  await page.clock.runFor(3_000);
  await expect(retrying).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The query client's retries: six attempts within 7.5 s of waiting, moved on a second at a time.
  const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar treino.' });
  for (let second = 0; second < 30 && !(await error.isVisible()); second += 1) await page.clock.runFor(1_000);
  await expect(error).toBeVisible();
  await expect(retrying).toHaveCount(0);
  await expect(page.getByText('Erro ao carregar exercícios.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Iniciar treino' })).toHaveCount(0);

  await page.unroute('**/api/v1/treinos/**');
  await error.getByRole('button', { name: 'Tentar novamente' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/** carla's home, offline once loaded: her water taps wait on the device as paused writes. */
async function carlaOffline(page: Page) {
  await openSignedIn(page, 'carla@demo.fit');
  const water = page.getByRole('region', { name: 'Consumo de água' });
  await expect(water.getByText(/ ml de 2000 ml$/)).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText('Sem conexão — mostrando os dados salvos')).toBeVisible();
  return water;
}

test("'Sair' offline with a water change waiting asks first, and leaves only once confirmed", async ({ page }) => {
  const water = await carlaOffline(page);
  await water.getByRole('button', { name: 'Adicionar 250 ml' }).click();

  await page.getByRole('button', { name: 'Sair' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sair sem enviar seus registros?' });
  await expect(dialog).toContainText('Um registro feito sem conexão ainda não foi enviado');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await dialog.getByRole('button', { name: 'Sair assim mesmo' }).click();
  // Offline, the sign-in screen's code may not be on the device yet: the signed-in frame is gone.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
});

test("water's 'Recomeçar' then 'Desfazer' restores the count", async ({ page }) => {
  const water = await carlaOffline(page);
  const add = water.getByRole('button', { name: 'Adicionar 250 ml' });
  for (let glass = 0; glass < 8 && (await add.isVisible()); glass += 1) await add.click();
  await expect(water.getByText('2000 ml de 2000 ml')).toBeVisible();

  await water.getByRole('button', { name: 'Recomeçar' }).click();
  await expect(water.getByText('0 ml de 2000 ml')).toBeVisible();
  await expect(page.getByText('Consumo de água zerado.')).toBeVisible();
  await page.getByRole('button', { name: 'Desfazer' }).click();

  await expect(water.getByText('2000 ml de 2000 ml')).toBeVisible();
  await expect(water.getByRole('button', { name: 'Recomeçar' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('waterIntake'))) ?? '[]')).toHaveLength(8);
});
