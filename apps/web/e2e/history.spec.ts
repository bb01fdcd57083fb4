import type { Paged, TeamSession } from '@acompanha/contract';
import { expect, test, type Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { openSignedIn, savedQueryCache } from './api-session';
import { expectNoViolations } from './axe';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** What a session's card says of it, worked out from the API's answer: its start, its volume and its first exercise's sets. */
function expectedCard(session: TeamSession) {
  const first = session.series.filter((set) => set.exercicio_id === session.series[0]!.exercicio_id);
  const volume = Math.round(session.series.reduce((sum, set) => sum + set.carga * set.repeticoes, 0) * 10) / 10;
  return {
    start: format(parseISO(session.iniciado_em), 'dd/MM/yyyy · HH:mm'),
    volume: `${decimal.format(volume)} kg`,
    firstExercise: `${first[0]!.atividade_nome}${first.map((set) => `${decimal.format(set.carga)} kg × ${set.repeticoes}`).join(' · ')}`,
  };
}

const sessionCards = (page: Page) => page.getByRole('list', { name: 'Treinos registrados' }).getByRole('article');

test('ana opens her history from Perfil, loads every session, and sees them again offline after a reload', async ({ page, context }) => {
  // axe reads every session of the long list, in both themes: ten seconds or more each on a busy machine.
  test.slow();
  await openSignedIn(page, 'ana@demo.fit', '/profile');
  // The service worker serves the app's code offline: it must be installed before the connection goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const firstPage = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/sessoes');
  await page.getByRole('link', { name: 'Histórico de treinos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico' })).toBeVisible();
  const answer = (await (await firstPage).json()) as Paged<TeamSession>;
  // Four weeks of demo sessions, six days a week (and any a spec running alongside logged): more than a page.
  expect(answer.total).toBeGreaterThanOrEqual(24);
  expect(answer.results).toHaveLength(answer.size);

  await expect(sessionCards(page)).toHaveCount(answer.size);
  const latest = answer.results[0]!;
  const card = sessionCards(page).first();
  const expected = expectedCard(latest);
  await expect(card.getByRole('heading', { name: latest.treino_titulo })).toBeVisible();
  await expect(card).toContainText(expected.start);
  await expect(card.getByRole('definition').nth(1)).toHaveText(expected.volume);
  await expect(card.getByRole('listitem').first()).toHaveText(expected.firstExercise);
  await expect(page.getByText(`${answer.size} de ${answer.total} treinos registrados`)).toBeVisible();

  const secondPage = page.waitForResponse((response) => new URL(response.url()).searchParams.get('page') === '1');
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  const oldest = ((await (await secondPage).json()) as Paged<TeamSession>).results.at(-1)!;
  // A session another spec logs meanwhile moves one already shown to the second page: it shows once.
  await expect(sessionCards(page)).toHaveCount(answer.total);
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  await expectNoViolations(page, 'the history with both pages');

  // Both pages are on the device: the oldest session, on the second, is in the saved copy.
  await expect.poll(() => savedQueryCache(page)).toContain(oldest.id);

  await context.setOffline(true);
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Histórico' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sem conexão — mostrando os dados salvos' })).toBeVisible();
  await expect(sessionCards(page)).toHaveCount(answer.total);
  await expect(sessionCards(page).first().getByRole('heading', { name: latest.treino_titulo })).toBeVisible();
  await expect(sessionCards(page).last()).toContainText(expectedCard(oldest).start);
  await context.setOffline(false);
});

test("the home's week strip leads to the history", async ({ page }) => {
  await openSignedIn(page, 'ana@demo.fit');

  await page.getByRole('region', { name: 'Meus treinos' }).getByRole('link', { name: 'Ver histórico' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Histórico' })).toBeVisible();
  await expect(sessionCards(page).first()).toBeVisible();
  // The back button returns to where the client came from.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('region', { name: 'Meus treinos' })).toBeVisible();
});
