import { expect, test } from '@playwright/test';
import { openSignedIn } from './api-session';
import { onRunDay, startOnRunDay } from './run-day';

const ANA_WORKOUTS = [
  { titulo: 'Treino A - Inferiores', dias: 'Segunda, Quinta', codes: [1, 4] },
  { titulo: 'Treino B - Superiores', dias: 'Terça, Sexta', codes: [2, 5] },
  { titulo: 'Treino C - Glúteos e core', dias: 'Quarta, Sábado', codes: [3, 6] },
];

// Today's card, the week strip, the water day and the expiry banner all read the browser's today.
test.beforeEach(({ page }) => startOnRunDay(page));

test("ana sees today's workout, then all three with 'Ver todos', and both diets", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  // The run's day decides (getDay: Sunday 0): the browser's clock started on it.
  const weekday = onRunDay().getDay();
  const today = ANA_WORKOUTS.find((workout) => workout.codes.includes(weekday)) ?? ANA_WORKOUTS[0]!;

  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  await expect(workouts.getByRole('group')).toHaveCount(1);
  await expect(workouts.getByRole('group', { name: today.titulo })).toContainText(today.dias);

  await workouts.getByRole('button', { name: 'Ver todos' }).click();

  await expect(workouts.getByRole('group')).toHaveCount(3);
  for (const [index, workout] of ANA_WORKOUTS.entries()) {
    const card = workouts.getByRole('group').nth(index);
    await expect(card.getByRole('link', { name: workout.titulo })).toBeVisible();
    await expect(card).toContainText(workout.dias);
  }

  const diets = page.getByRole('region', { name: 'Minhas dietas' });
  await expect(diets.getByRole('heading', { name: 'Dieta para dias de treino' })).toBeVisible();
  await expect(diets.getByRole('heading', { name: 'Dieta para dias sem treino' })).toBeVisible();
  await expect(diets.getByRole('link', { name: 'Acessar dieta' })).toHaveCount(2);
});

test('the water card adds 250 ml a tap up to the goal, keeps it over a reload, and starts again', async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const water = page.getByRole('region', { name: 'Consumo de água' });
  await expect(water.getByText('0 ml de 2500 ml')).toBeVisible();

  await water.getByRole('button', { name: 'Adicionar 250 ml' }).click();
  await water.getByRole('button', { name: 'Adicionar 250 ml' }).click();

  await expect(water.getByText('500 ml de 2500 ml')).toBeVisible();
  await expect(water.getByText('20%')).toBeVisible();
  await expect(water.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  // The browser's clock started at noon.
  await expect(water.getByText(/^Último registro às 12:\d{2}$/)).toBeVisible();

  await page.reload();
  await expect(water.getByText('500 ml de 2500 ml')).toBeVisible();

  for (let glass = 2; glass < 10; glass += 1) await water.getByRole('button', { name: 'Adicionar 250 ml' }).click();

  await expect(water.getByText('100%')).toBeVisible();
  await expect(water.getByRole('button', { name: 'Adicionar 250 ml' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('waterConsumption'))).toBe('2500');

  await water.getByRole('button', { name: 'Recomeçar' }).click();

  await expect(water.getByText('0 ml de 2500 ml')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('waterIntake'))).toBe('[]');

  // 'Recomeçar' reaches the server once its 'Desfazer' is over; leaving Home ends it at once.
  await expect(page.getByRole('button', { name: 'Desfazer' })).toBeVisible();
  const reset = page.waitForResponse((response) => /\/api\/v1\/agua\//.test(response.url()) && response.request().method() === 'PUT');
  await page.getByRole('link', { name: 'Perfil' }).click();
  expect((await reset).request().postDataJSON()).toMatchObject({ registros: [], recomecado_em: expect.any(String) });
  await expect(page.getByRole('button', { name: 'Desfazer' })).toHaveCount(0);
});

test("bruno sees the end of his follow-up coming and workouts but no diets", async ({ page }) => {
  await openSignedIn(page, 'bruno@demo.fit');

  // Seeded to end 5 days after the run's day, the browser's today.
  await expect(page.getByText('Faltam 5 dias para o término de seu acompanhamento.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renovar' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('heading', { name: 'Meus treinos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meus treinos' }).getByRole('link', { name: /Treino/ })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Consumo de água' }).getByText('0 ml de 3000 ml')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Minhas dietas' })).toHaveCount(0);
});

test('carla (PRO) sees her diets and no workouts', async ({ page }) => {
  await openSignedIn(page, 'carla@demo.fit');

  await expect(page.getByRole('link', { name: 'Acessar dieta' })).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Meus treinos' })).toHaveCount(0);
  // No consumo_ideal_agua: the default goal.
  await expect(page.getByRole('region', { name: 'Consumo de água' }).getByText('0 ml de 2000 ml')).toBeVisible();
});

test('davi, without an evaluation, is welcomed and told his plan comes after it, and how to book it', async ({ page }) => {
  await openSignedIn(page, 'davi@demo.fit', '/');

  const welcome = page.getByRole('region', { name: 'Boas-vindas, Davi!' });
  await expect(
    welcome.getByText('Você terá acesso a mais informações após a criação de sua avaliação antropométrica.'),
  ).toBeVisible();
  await expect(welcome.getByRole('listitem')).toHaveCount(3);
  await expect(welcome.getByRole('link', { name: 'Agendar avaliação' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('heading', { name: 'Meus treinos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Minhas dietas' })).toHaveCount(0);
});

test("ana's home labels today's workout 'Hoje' and shows this week's demo sessions, one per day before today", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const weekday = onRunDay().getDay();
  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  const planned = ANA_WORKOUTS.some((workout) => workout.codes.includes(weekday));
  // Sunday has no workout: the first is shown, without the label.
  if (planned) await expect(workouts.getByRole('group')).toContainText('Hoje');
  else await expect(workouts.getByRole('group')).not.toContainText('Hoje');

  // The demo trains Monday to Saturday before today: this week's days so far, Monday first.
  const daysBefore = (weekday + 6) % 7;
  const days = workouts.getByRole('list', { name: 'Treinos desta semana' }).getByRole('listitem');
  await expect(days).toHaveCount(7);
  await expect(days.nth(daysBefore)).toContainText('(hoje)');
  for (let index = 0; index < daysBefore; index += 1) await expect(days.nth(index)).toContainText('treino feito');
  // The sessions that specs running alongside send count too (today, or the next day in a run that
  // crosses midnight): the heading sums the days marked.
  await expect(async () => {
    const trained = (await days.allTextContents()).filter((text) => text.includes('treino feito')).length;
    await expect(workouts.getByText(`Esta semana: ${trained} ${trained === 1 ? 'treino' : 'treinos'}`)).toBeVisible({ timeout: 1000 });
  }).toPass();
});
