import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';
import { openWorkoutFromHome } from './plan';
import { startOnRunDay } from './run-day';

/** Opens ana's 'Treino B - Superiores' from home (the other specs read workout A's demo progress). */
async function openWorkoutB(page: Page) {
  await openSignedIn(page, 'ana@demo.fit');
  await openWorkoutFromHome(page, 'Treino B - Superiores');
}

// The session ana sends is dated by the browser: on the run's day, after the demo's sessions before it.
test.beforeEach(({ page }) => startOnRunDay(page));

test('ana trains a workout: ticks sets, steps a load, leaves during a rest and comes back, concludes, and sees her progress', async ({ page }) => {
  await openWorkoutB(page);
  const panel = page.getByRole('tabpanel');
  const progress = panel.getByRole('region', { name: 'Progresso' });
  const historyRows = progress.getByRole('table', { name: 'Melhor série de cada treino de Supino reto com halteres' }).getByRole('row');
  await expect(progress.getByText(/^Último treino: /)).toBeVisible();
  const sessionsBefore = await historyRows.count();

  await page.getByRole('button', { name: 'Iniciar treino' }).click();
  // The notices above the tabs fold into one line; the exercise's sets come first.
  await expect(page.getByText('Avisos e atalhos do treino')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mobilidade' })).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'Séries de hoje' })).toBeFocused();
  const bar = page.getByRole('region', { name: 'Treino em andamento' });
  await expect(bar).toContainText('Exercício 1 de 8');
  await expect(bar).toContainText('0 de 26 séries');

  // Planned load and reps are prefilled; the stepper moves a load by 1 kg.
  const load = panel.getByRole('textbox', { name: 'Carga da série 1' });
  await expect(load).toHaveValue('12');
  await expect(panel.getByRole('textbox', { name: 'Repetições da série 1' })).toHaveValue('10');
  await panel.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }).click();
  await panel.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }).click();
  await expect(load).toHaveValue('14');

  await panel.getByRole('checkbox', { name: 'Série 1 de Supino reto com halteres feita' }).check();
  await expect(bar).toContainText('1 de 26 séries');
  // Ticking a set starts the exercise's rest, shown in the bar wherever the page is scrolled.
  await expect(bar.getByRole('timer')).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Série 2 de Supino reto com halteres feita' }).check();
  await expect(bar).toContainText('2 de 26 séries');

  // Focus mode: the greeting header and the tab bar step aside while the workout is trained.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);

  // Away from the workout the rest follows as the mini-bar; it leads back to the exercise.
  await page.getByRole('link', { name: 'Sair do modo treino' }).click();
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click();
  const restBar = page.getByRole('region', { name: 'Descanso em andamento' });
  await expect(restBar.getByRole('link')).toContainText('Supino reto com halteres');
  await expect(bar.getByRole('link', { name: 'Continuar treino' })).toBeVisible();
  await restBar.getByRole('link').click();
  await expect(page).toHaveURL(/\/workout\/\d+\?exercicio=\d+$/);
  await expect(panel.getByRole('checkbox', { name: 'Série 2 de Supino reto com halteres feita' })).toBeChecked();
  await expect(load).toHaveValue('14');

  // Closing the app mid-session and opening it again resumes it.
  await page.reload();
  await expect(panel.getByRole('checkbox', { name: 'Série 1 de Supino reto com halteres feita' })).toBeChecked();
  await expect(bar).toContainText('2 de 26 séries');

  await bar.getByRole('button', { name: 'Concluir treino' }).click();
  const asking = page.getByRole('dialog');
  await expect(asking.getByRole('heading', { name: /^Faltam \d+ exercícios\. Concluir assim mesmo\?$/ })).toBeVisible();
  await expect(asking).toContainText('2 de 26 séries feitas.');
  await asking.getByRole('button', { name: 'Concluir assim mesmo' }).click();

  const dialog = page.getByRole('dialog', { name: 'Treino concluído!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('definition')).toHaveText(['0 min', '2', '260 kg']);
  // Against the last session of this workout in ana's four weeks of demo sessions.
  await expect(dialog).toContainText(/Volume [+−]\d+ % em relação ao último treino/);
  await expect(dialog.getByRole('region', { name: 'Exercícios' })).toContainText('Supino reto com halteres14 kg × 10 · 12 kg × 10');
  // The session's rest ended with it.
  await expect(page.getByRole('timer')).toHaveCount(0);
  // 14 kg × 10 beats the demo's best Supino (12 kg × 10).
  await expect(dialog.getByRole('region', { name: 'Novo recorde' })).toContainText('Supino reto com halteres: 14 kg × 10');
  await expect(dialog.getByRole('status')).toHaveText('Treino salvo.');
  await dialog.getByRole('button', { name: 'Pronto' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Iniciar treino' })).toBeVisible();

  await page.reload();
  await expect(progress.getByText('Último treino: 2 × 10 com 14 kg')).toBeVisible();
  await expect(progress.getByText('Novo recorde')).toBeVisible();
  await expect(progress.getByRole('figure')).toBeVisible();
  await expect(historyRows).toHaveCount(sessionsBefore + 1);
});

/** The set rows fully on screen between the top and the train bar. */
async function rowsInView(page: Page) {
  const barTop = (await page.getByRole('region', { name: 'Treino em andamento' }).boundingBox())!.y;
  const rows = page.getByRole('tabpanel').getByRole('list').first().getByRole('listitem');
  let visible = 0;
  for (const row of await rows.all()) {
    const box = await row.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= barTop) visible += 1;
  }
  return visible;
}

test("ana's set rows: 'Anterior' from her last session, five rows above the bar with a rest running (three in landscape), and on to the next exercise", async ({ page }) => {
  await openWorkoutB(page);
  await page.getByRole('button', { name: 'Iniciar treino' }).click();
  await page.getByRole('tab', { name: 'Desenvolvimento com halteres' }).click();
  const panel = page.getByRole('tabpanel');
  const bar = page.getByRole('region', { name: 'Treino em andamento' });
  await expect(bar).toContainText('Exercício 4 de 8');

  // The demo's last session of workout B did 8 kg × 12, twice, then 8 kg × 11.
  const sets = panel.getByRole('region', { name: 'Séries de hoje' });
  const row = (number: number) => sets.getByRole('listitem', { name: `Série ${number}`, exact: true });
  await expect(row(1)).toContainText('8 kg × 12');
  await expect(row(2)).toContainText('8 kg × 12');
  await expect(row(3)).toContainText('8 kg × 11');

  await sets.getByRole('button', { name: 'Adicionar série' }).click();
  await sets.getByRole('button', { name: 'Adicionar série' }).click();
  await expect(row(5)).toContainText('—');
  await expect(panel.getByRole('textbox', { name: 'Carga da série 5' })).toHaveValue('8');
  await panel.getByRole('checkbox', { name: 'Série 1 de Desenvolvimento com halteres feita' }).check();
  await expect(bar.getByRole('timer')).toBeVisible();

  // Each row is at most 56 px tall; the steppers show under the next set to do only.
  for (const number of [1, 2, 3, 4, 5]) {
    expect((await row(number).locator('[data-set-row]').boundingBox())!.height).toBeLessThanOrEqual(56);
  }
  await expect(panel.getByRole('button', { name: /^Mais 1 kg/ })).toHaveCount(1);
  await expect(row(2).getByRole('button', { name: 'Mais 1 kg na carga da série 2' })).toBeVisible();

  await sets.evaluate((section) => section.scrollIntoView({ block: 'start' }));
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(5);
  await page.setViewportSize({ width: 844, height: 390 });
  await sets.evaluate((section) => section.scrollIntoView({ block: 'start' }));
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(3);
  await page.setViewportSize({ width: 390, height: 844 });

  // The last set ticked opens the next exercise, the rest running; 'Pular exercício' skips one.
  for (const number of [2, 3, 4]) await panel.getByRole('checkbox', { name: `Série ${number} de Desenvolvimento com halteres feita` }).check();
  // Clicked, not checked: the box leaves the screen with its exercise before it could be read back.
  await panel.getByRole('checkbox', { name: 'Série 5 de Desenvolvimento com halteres feita' }).click();
  await expect(page.getByRole('tab', { name: 'Elevação lateral' })).toHaveAttribute('aria-selected', 'true');
  await expect(bar).toContainText('Exercício 5 de 8');
  await expect(bar.getByRole('timer')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Séries de hoje' })).toBeFocused();
  await panel.getByRole('button', { name: 'Pular exercício' }).click();
  await expect(page.getByRole('tab', { name: 'Rosca direta' })).toHaveAttribute('aria-selected', 'true');
  await expect(bar).toContainText('Exercício 6 de 8');
  await expect(bar).toContainText('5 de 28 séries');
});

test('ana swaps an exercise for the day from the library; the session and the history count it under the new activity', async ({ page }) => {
  await openWorkoutB(page);
  await page.getByRole('tab', { name: 'Remada baixa' }).click();
  const panel = page.getByRole('tabpanel');
  const progress = panel.getByRole('region', { name: 'Progresso' });
  const rowingRows = progress.getByRole('table', { name: 'Melhor série de cada treino de Remada baixa' }).getByRole('row');
  await expect(progress.getByText(/^Último treino: /)).toBeVisible();
  // The table may render a moment after the summary line: counted once it has rows.
  await expect(rowingRows).not.toHaveCount(0);
  const rowingSessions = await rowingRows.count();

  await page.getByRole('button', { name: 'Iniciar treino' }).click();
  await page.getByRole('tab', { name: 'Puxada frontal' }).click();
  await panel.getByRole('button', { name: 'Trocar exercício' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trocar exercício' });
  // The machine is taken: the library's other activities of the same muscle group.
  await expect(dialog.getByRole('heading', { name: 'Da biblioteca: Dorsais' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Puxada frontal' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remada baixa' }).click();

  await expect(panel.getByRole('heading', { level: 2, name: 'Remada baixa' })).toBeVisible();
  await expect(panel.getByText('no lugar de Puxada frontal')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Remada baixa' })).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }).click();
  await panel.getByRole('checkbox', { name: 'Série 1 de Remada baixa feita' }).check();

  const bar = page.getByRole('region', { name: 'Treino em andamento' });
  await bar.getByRole('button', { name: 'Concluir treino' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Concluir assim mesmo' }).click();
  const summary = page.getByRole('dialog', { name: 'Treino concluído!' });
  await expect(summary.getByRole('region', { name: 'Exercícios' })).toContainText('Remada baixano lugar de Puxada frontal36 kg × 12');
  await expect(summary.getByRole('status')).toHaveText('Treino salvo.');
  await summary.getByRole('button', { name: 'Pronto' }).click();

  // The history lists the set under what was done, saying what it replaced.
  await page.goto('/historico');
  // (The other specs' sessions start at the same minute of the run's day: found by what it holds, not by place.)
  const swapped = page.getByRole('list', { name: 'Treinos registrados' }).getByRole('article').filter({ hasText: 'no lugar de Puxada frontal' });
  await expect(swapped.getByRole('heading', { name: 'Treino B - Superiores' })).toBeVisible();
  await expect(swapped.getByRole('listitem')).toHaveText(['Remada baixano lugar de Puxada frontal36 kg × 12']);

  // And the activity's own progress counts the session: the rowing's history is per activity.
  await page.goBack();
  await page.getByRole('tab', { name: 'Remada baixa' }).click();
  await expect(rowingRows).toHaveCount(rowingSessions + 1);
});

test('train mode works with the keyboard alone: start, tick a set, swap an exercise by name, conclude', async ({ page }) => {
  await openWorkoutB(page);
  const start = page.getByRole('button', { name: 'Iniciar treino' });
  await start.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Séries de hoje' })).toBeFocused();

  // From the sets' heading, Tab reaches the first set's load, reps and box; Space ticks it.
  const box = panel.getByRole('checkbox', { name: 'Série 1 de Supino reto com halteres feita' });
  for (let presses = 0; presses < 12 && !(await box.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();

  // 'Trocar' (before the sets in the tab order), then a name typed and sent with Enter.
  const swap = panel.getByRole('button', { name: 'Trocar exercício' });
  for (let presses = 0; presses < 12 && !(await swap.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Shift+Tab');
  await expect(swap).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Trocar exercício' });
  await dialog.getByRole('textbox', { name: 'Outro exercício' }).focus();
  await page.keyboard.type('Supino na máquina');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('heading', { level: 2, name: 'Supino na máquina' })).toBeVisible();

  const conclude = page.getByRole('region', { name: 'Treino em andamento' }).getByRole('button', { name: 'Concluir treino' });
  await conclude.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Concluir assim mesmo' })).toBeFocused();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: 'Treino concluído!' });
  await expect(summary.getByRole('region', { name: 'Exercícios' })).toContainText('Supino na máquinano lugar de Supino reto com halteres');
});
