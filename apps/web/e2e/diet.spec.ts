import { expect, test } from '@playwright/test';
import { openSignedIn } from './api-session';

test("ana's training-day diet lists its meals in order with times and badges", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');
  const diets = page.getByRole('region', { name: 'Minhas dietas' });
  await diets.getByRole('group', { name: 'Dieta para dias de treino' }).getByRole('link', { name: 'Acessar dieta' }).click();

  await expect(page).toHaveURL(/\/diet\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieta para treino' })).toBeVisible();
  await expect(page.getByText('Plano de 1.800 kcal')).toBeVisible();
  const supplements = page.getByRole('region', { name: 'Suplementação' });
  await expect(supplements.getByRole('listitem')).toHaveCount(8);
  await expect(supplements.getByRole('link', { name: 'Veja aqui' })).toHaveAttribute('href', '/supplements');

  const meals = page.getByRole('region', { name: 'Refeições' }).locator('[data-slot=meal-card]');
  await expect(meals.getByRole('heading')).toHaveText(['Café da manhã', 'Lanche da manhã', 'Almoço', 'Pré-treino', 'Pós-treino', 'Jantar']);
  await expect(meals.nth(0)).toContainText('07:00 - 08:00');
  await expect(meals.nth(3)).toContainText('16:30');
  await expect(meals.nth(0).getByRole('listitem')).toHaveText(['2 ovos mexidos', '2 fatias de pão integral', '1 banana']);
  // Only the first option's groups are shown.
  await expect(meals.nth(0)).not.toContainText('Iogurte natural 170 g');

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
  const snack = page.locator('[data-slot=meal-card]', { hasText: 'Lanche da tarde' });
  await expect(snack).toContainText('16:00 - 16:30');
  await expect(snack).toContainText('Criação de refeição pendente');
  await expect(page.getByText('Criação de refeição pendente')).toHaveCount(1);
});
