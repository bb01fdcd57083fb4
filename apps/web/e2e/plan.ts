import { expect, type Page } from '@playwright/test';

/** Opens one of the signed-in client's workouts from home, as a client would: 'Ver todos', then its card. */
export async function openWorkoutFromHome(page: Page, title: string) {
  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  await workouts.getByRole('button', { name: 'Ver todos' }).click();
  await workouts.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}
