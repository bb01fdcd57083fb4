import { expect, test } from '@playwright/test';
import { addDays, getDay } from 'date-fns';
import { openSignedIn } from './api-session';
import { onRunDay, startOnRunDay } from './run-day';

/**
 * ana's workouts as the demo seeds them: the exercises of each and the estimate of
 * features/home/model/workout-duration.ts (decision 044), worked out by hand.
 */
const ANA_WORKOUTS = [
  { titulo: 'Treino A - Inferiores', codes: [1, 4], exercises: '7 exercícios', minutes: '~45 min' },
  { titulo: 'Treino B - Superiores', codes: [2, 5], exercises: '8 exercícios', minutes: '~40 min' },
  { titulo: 'Treino C - Glúteos e core', codes: [3, 6], exercises: '6 exercícios', minutes: '~35 min' },
];

/**
 * The demo's last session of a workout: the latest day before today on one of its weekdays; a
 * spec running alongside may have trained it today.
 */
function lastDone(codes: number[]): RegExp {
  const today = onRunDay();
  const days = [1, 2, 3, 4, 5, 6, 7].find((back) => codes.includes(getDay(addDays(today, -back))))!;
  return new RegExp(`^(Feito hoje|${days === 1 ? 'Feito ontem' : `Feito há ${days} dias`})$`);
}

// The cards' 'Hoje' and 'Feito há 3 dias' read the browser's today: the run's day, as the seed's.
test.beforeEach(({ page }) => startOnRunDay(page));

test("ana's workout cards show how many exercises, about how long and when each was last done", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  const today = ANA_WORKOUTS.find((workout) => workout.codes.includes(getDay(onRunDay()))) ?? ANA_WORKOUTS[0]!;

  const card = workouts.getByRole('group', { name: today.titulo });
  await expect(workouts.getByRole('group')).toHaveCount(1);
  await expect(card).toContainText(today.exercises);
  await expect(card).toContainText(today.minutes);
  await expect(card.getByText(/^(Feito|Ainda)/)).toHaveText(lastDone(today.codes));

  await workouts.getByRole('button', { name: 'Ver todos' }).click();

  await expect(workouts.getByRole('group')).toHaveCount(3);
  for (const workout of ANA_WORKOUTS) {
    const each = workouts.getByRole('group', { name: workout.titulo });
    await expect(each).toContainText(workout.exercises);
    await expect(each).toContainText(workout.minutes);
    await expect(each.getByText(/^(Feito|Ainda)/)).toHaveText(lastDone(workout.codes));
    await expect(each.getByRole('link', { name: 'Iniciar treino' })).toBeVisible();
  }
  // The title opens the workout, as the whole card did.
  await workouts.getByRole('link', { name: 'Treino B - Superiores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Treino B - Superiores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar treino' })).toBeVisible();
});

test("'Iniciar treino' on a card opens its workout in train mode, once", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  await workouts.getByRole('button', { name: 'Ver todos' }).click();

  await workouts.getByRole('group', { name: 'Treino C - Glúteos e core' }).getByRole('link', { name: 'Iniciar treino' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Treino C - Glúteos e core' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Treino em andamento' });
  await expect(bar).toContainText('Exercício 1 de 6');
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Séries de hoje' })).toBeFocused();
  // The request to start is spent: the address is the workout's own, and a reload keeps the same session.
  await expect(page).toHaveURL(/\/workout\/\d+$/);
  await page.getByRole('tabpanel').getByRole('checkbox', { name: /^Série 1 de .+ feita$/ }).check();
  await page.reload();
  await expect(bar).toContainText('1 de 20 séries');

  // Discarded, not sent: the other specs read ana's sessions.
  await bar.getByRole('button', { name: 'Concluir treino' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Descartar treino' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Descartar treino' }).click();
  await expect(bar).toHaveCount(0);
});
