import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './api-session';
import { openWorkoutFromHome } from './plan';
import { onRunDay, startOnRunDay } from './run-day';

/** Opens ana's 'Treino A - Inferiores' from home, as a client would. */
async function openWorkoutA(page: Page) {
  await openSignedIn(page, 'ana@demo.fit');
  await openWorkoutFromHome(page, 'Treino A - Inferiores');
  await expect(page).toHaveURL(/\/workout\/\d+$/);
}

// Workout A's last demo session, the latest before the run's day, is the one its progress shows; the
// rests run on the same clock.
test.beforeEach(({ page }) => startOnRunDay(page));

test('a workout shows its header, links, notes and one tab per exercise', async ({ page }) => {
  await openWorkoutA(page);

  await expect(page.getByText('Segunda, Quinta')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Mobilidade' })).toHaveAttribute('href', '/mobility');
  await expect(page.getByRole('link', { name: 'Métodos de treinamento' })).toHaveAttribute('href', '/exercise-methods');
  await expect(page.getByRole('note')).toHaveText('Aqueça 10 minutos na bicicleta antes de começar.');
  await expect(page.getByRole('tab')).toHaveText([
    'Agachamento livre',
    'Leg press 45°',
    'Cadeira extensora',
    'Stiff com halteres',
    'Mesa flexora',
    'Elevação pélvica',
    'Panturrilha em pé',
  ]);

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Agachamento livre' })).toBeVisible();
  await expect(panel.getByText('Quadríceps')).toBeVisible();
  await expect(panel.getByText('90 s')).toBeVisible();
  await expect(panel.getByText('Desça até as coxas ficarem paralelas ao chão.')).toBeVisible();
  // The player is not loaded until asked for.
  await expect(panel.getByRole('button', { name: 'Reproduzir vídeo: Agachamento livre' })).toBeVisible();
  await expect(panel.locator('iframe')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Panturrilha em pé' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Panturrilha em pé' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('45 s')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('-', { exact: true })).toBeVisible();
});

test('a rest runs one at a time across tabs, can be cancelled, and ends with the toast', async ({ page }) => {
  await openWorkoutA(page);
  await expect(page.getByRole('button', { name: 'Permitir' })).toBeVisible();
  // Only runFor moves the clock from here: a busy machine's own seconds never reach the countdown.
  await page.clock.pauseAt(onRunDay(12, 10));

  await page.getByRole('button', { name: 'Iniciar descanso' }).click();
  await expect(page.getByRole('timer')).toHaveText('1:30');
  await page.clock.runFor(2_000);
  await expect(page.getByRole('timer')).toHaveText('1:28');

  await page.getByRole('tab', { name: 'Leg press 45°' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar descanso' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Agachamento livre' }).click();
  await expect(page.getByRole('timer')).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar descanso' }).click();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await page.clock.runFor(100_000);
  await expect(page.getByText('Descanso concluído!')).toHaveCount(0);

  await page.getByRole('button', { name: 'Iniciar descanso' }).click();
  await page.clock.runFor(91_000);

  await expect(page.getByText('Descanso concluído!')).toBeVisible();
  await expect(page.getByText('É hora de começar sua próxima série.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar descanso' })).toBeEnabled();
});

test("a changed load is saved and still there after a reload; '32,5' is 32.5 kg, not 325", async ({ page }) => {
  await openWorkoutA(page);
  const editLoad = async (value: string) => {
    await page.getByRole('tab', { name: 'Stiff com halteres' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Editar carga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar carga' });
    await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await dialog.getByLabel('Carga (kg)').fill(value);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toHaveCount(0);
  };
  const shownLoad = () => page.getByRole('tabpanel').locator('dd').nth(2);

  await page.getByRole('tab', { name: 'Stiff com halteres' }).click();
  await expect(shownLoad()).toHaveText('16 kg');

  await editLoad('32,5');
  await expect(shownLoad()).toHaveText('32,5 kg');

  await page.reload();
  await page.getByRole('tab', { name: 'Stiff com halteres' }).click();
  await expect(shownLoad()).toHaveText('32,5 kg');

  // Back to the seeded value, so that every spec starts from the demo data.
  await editLoad('16');
  await expect(shownLoad()).toHaveText('16 kg');
});

test('opening a workout again revalidates its plan instead of downloading it again', async ({ page }) => {
  // The plan comes with Home's one read (decision 050), which carries the week's sessions too: bruno, whose
  // plan and sessions no other spec writes, so that nothing changes it between the two visits.
  const planCalls: { ifNoneMatch?: string; bodyBytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (!/\/api\/v1\/(clientes\/\d+\/inicio|treinos\/\d+\/exercicios)/.test(request.url())) return;
    const [headers, sizes] = await Promise.all([request.allHeaders(), request.sizes()]);
    planCalls.push({ ifNoneMatch: headers['if-none-match'], bodyBytes: sizes.responseBodySize });
  });
  const title = 'Treino A - Peito, ombros e tríceps';
  await openSignedIn(page, 'bruno@demo.fit');
  await openWorkoutFromHome(page, title);
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect.poll(() => planCalls.length).toBeGreaterThan(0);

  // Half an hour later the kept plan is stale, and the screen asks for it again.
  await page.clock.fastForward('30:00');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  // The browser asks with the ETag it kept, and the server confirms it (304): no body comes again.
  await expect.poll(() => planCalls.length).toBeGreaterThan(1);
  expect(planCalls[0]).toEqual({ ifNoneMatch: undefined, bodyBytes: expect.any(Number) });
  expect(planCalls[0]!.bodyBytes).toBeGreaterThan(0);
  expect(planCalls.at(-1)).toEqual({ ifNoneMatch: expect.stringMatching(/^"[\w-]+"$/), bodyBytes: 0 });
});

test('a rest follows the client to other screens, survives a reload and takes them back to the exercise', async ({ page }) => {
  await openWorkoutA(page);
  const panel = page.getByRole('tabpanel');
  await page.getByRole('tab', { name: 'Leg press 45°' }).click();
  await panel.getByRole('button', { name: 'Iniciar descanso' }).click();
  await expect(panel.getByRole('timer')).toBeVisible();

  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click();
  const bar = page.getByRole('region', { name: 'Descanso em andamento' });
  await expect(bar.getByRole('link')).toContainText('Leg press 45°');
  const seconds = async () => {
    const [minutes, rest] = (await bar.getByRole('timer').textContent())!.split(':');
    return Number(minutes) * 60 + Number(rest);
  };
  const before = await seconds();
  await bar.getByRole('button', { name: '+15 s de descanso' }).click();
  expect(await seconds()).toBeGreaterThanOrEqual(before + 13);

  await page.reload();
  await expect(bar.getByRole('timer')).toBeVisible();
  expect(await seconds()).toBeGreaterThan(60);

  await bar.getByRole('link').click();
  await expect(page).toHaveURL(/\/workout\/\d+\?exercicio=\d+$/);
  await expect(page.getByRole('tab', { name: 'Leg press 45°' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('timer', { name: 'Tempo de descanso restante' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test("each exercise shows its last session and the best set of each session, from ana's four weeks of demo sessions", async ({ page }) => {
  await openWorkoutA(page);
  const progress = page.getByRole('tabpanel').getByRole('region', { name: 'Progresso' });
  await expect(progress.getByText('Último treino: 4 × 12 com 30 kg')).toBeVisible();
  await expect(progress.getByRole('figure')).toBeVisible();
  await expect(progress.getByRole('table', { name: 'Melhor série de cada treino de Agachamento livre' }).getByRole('row')).toHaveCount(9);
});
