import { expect, test } from '@playwright/test';
import { savedQueryCache, signInThroughForm } from './api-session';

test("a second tab's 'Sair' and another client's sign-in end the first tab, whose client's data never reaches the next", async ({
  context,
}) => {
  const anaTab = await context.newPage();
  await signInThroughForm(anaTab, 'ana@demo.fit');
  await expect(anaTab.getByText('Olá, Ana S.')).toBeVisible();
  const workouts = anaTab.getByRole('region', { name: 'Meus treinos' });
  await workouts.getByRole('button', { name: 'Ver todos' }).click();
  const anasWorkout = await workouts.getByRole('link', { name: /Treino A/ }).first().getAttribute('href');
  expect(anasWorkout).toMatch(/^\/workout\/\d+$/);

  // Tab 2 shares the device's storage: 'Sair', then davi signs in.
  const daviTab = await context.newPage();
  await daviTab.goto('/');
  await expect(daviTab.getByText('Olá, Ana S.')).toBeVisible();
  await daviTab.getByRole('button', { name: 'Sair' }).click();
  await expect(daviTab.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await signInThroughForm(daviTab, 'davi@demo.fit');
  await expect(daviTab.getByText('Olá, Davi R.')).toBeVisible();

  // Tab 1 opens ana's workout as a tap on its card would: inside the app, without loading the page.
  const workoutAnswer = anaTab.waitForResponse((response) => response.url().endsWith(`/api/v1/treinos/${anasWorkout!.split('/').pop()}`));
  await expect(async () => {
    await anaTab.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, anasWorkout!);
  }).toPass();
  await workoutAnswer;

  await daviTab.goto('/profile');
  await expect(daviTab.getByText('Olá, Davi R.')).toBeVisible();
  await expect(daviTab.getByText('Olá, Ana S.')).toHaveCount(0);
  await expect(daviTab.getByText(/67,5/)).toHaveCount(0);
  expect(await savedQueryCache(daviTab)).not.toContain('Ana Paula Souza');

  // Tab 1 started again from the session now stored: davi's.
  await expect(anaTab.getByText('Olá, Davi R.')).toBeVisible();
  await expect(anaTab.getByText('Olá, Ana S.')).toHaveCount(0);
});
