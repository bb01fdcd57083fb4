import { expect, test } from '@playwright/test';
import { openSignedIn } from './api-session';

test("ana's training-day diet lists its meals in order with times, the first option's lines and the others folded", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const diets = page.getByRole('region', { name: 'Minhas dietas' });
  await diets.getByRole('group', { name: 'Dieta para dias de treino' }).getByRole('link', { name: 'Acessar dieta' }).click();

  await expect(page).toHaveURL(/\/diet\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieta para treino' })).toBeVisible();
  await expect(page.getByText('Plano de 1.800 kcal')).toBeVisible();
  // Which diet applies today: ana's plan has workouts, so today is a training day or a rest day.
  await expect(page.getByText(/^Hoje é dia de (treino|descanso)\.$/)).toBeVisible();
  const supplements = page.getByRole('region', { name: 'Suplementação' });
  await expect(supplements.getByRole('listitem')).toHaveCount(0);
  await supplements.getByText('Suplementação').click();
  await expect(supplements.getByRole('listitem')).toHaveCount(8);
  await expect(supplements.getByRole('link', { name: 'Veja aqui' })).toHaveAttribute('href', '/supplements');

  const meals = page.getByRole('region', { name: 'Refeições' }).locator('[data-slot=meal-card]');
  await expect(meals.getByRole('heading')).toHaveText(['Café da manhã', 'Lanche da manhã', 'Almoço', 'Pré-treino', 'Pós-treino', 'Jantar']);
  await expect(meals.nth(0)).toContainText('07:00 - 08:00');
  await expect(meals.nth(3)).toContainText('16:30');
  await expect(meals.nth(0).getByRole('listitem')).toHaveText(['2 ovos mexidos', '2 fatias de pão integral', '1 banana']);
  // Only the first option's groups show; 'Outras opções' unfolds the rest.
  await expect(meals.nth(0).getByText('Iogurte natural 170 g')).toBeHidden();
  await meals.nth(0).getByText('Outras opções').click();
  await expect(meals.nth(0).getByText('Iogurte natural 170 g')).toBeVisible();

  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("carla's rest-day diet says a meal without options is pending", async ({ page }) => {
  await openSignedIn(page, 'carla@demo.fit');
  await page
    .getByRole('group', { name: 'Dieta para dias sem treino' })
    .getByRole('link', { name: 'Acessar dieta' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Dieta para descanso' })).toBeVisible();
  // PRO: no workouts to tell today's kind by; the diet says when it applies.
  await expect(page.getByText('Siga esta dieta nos dias sem treino.')).toBeVisible();
  const snack = page.locator('[data-slot=meal-card]', { hasText: 'Lanche da tarde' });
  await expect(snack).toContainText('16:00 - 16:30');
  await expect(snack).toContainText('Criação de refeição pendente');
  await expect(page.getByText('Criação de refeição pendente')).toHaveCount(1);
});
