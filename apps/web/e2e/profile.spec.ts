import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { differenceInYears, format, parseISO } from 'date-fns';
import { openSignedIn } from './api-session';
import { onRunDay, startOnRunDay } from './run-day';

interface EvaluationAnswer {
  results: { created_at: string; peso: number; altura: number; objetivo: string; vencimento: string }[];
}

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

// The age and the follow-up's state are counted to the browser's today.
test.beforeEach(({ page }) => startOnRunDay(page));

test("ana's profile shows her tiles, goal and dates, and downloads the PDF named after the latest evaluation", async ({ page }) => {
  const evaluationsAnswer = page.waitForResponse((response) => /\/api\/v1\/clientes\/\d+\/avaliacoes$/.test(response.url()));
  await openSignedIn(page, 'ana@demo.fit', '/profile');
  const { results } = (await (await evaluationsAnswer).json()) as EvaluationAnswer;
  const latest = results[0]!;
  // Seeded as ULTIMATE with 3 evaluations: 72.4, 69.8 and 67.5 kg, latest first.
  expect(results.map((evaluation) => evaluation.peso)).toEqual([67.5, 69.8, 72.4]);

  const tile = (label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Peso')).toContainText(`${decimal.format(latest.peso)}kg`);
  await expect(tile('Altura')).toContainText(`${decimal.format(latest.altura)}cm`);
  // Ana Paula Souza was born on 1994-03-15.
  await expect(tile('Idade')).toContainText(`${differenceInYears(onRunDay(), parseISO('1994-03-15'))}anos`);
  await expect(page.getByText(latest.objetivo)).toBeVisible();
  await expect(page.getByText(`Última avaliação: ${format(parseISO(latest.created_at), 'dd/MM/yyyy')}`)).toBeVisible();
  await expect(page.getByText(`Ativo até ${format(parseISO(latest.vencimento), 'dd/MM/yyyy')}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renovar' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('region', { name: 'Sua evolução' }).getByRole('table')).toContainText('67,5 kg');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toBe(`${format(parseISO(latest.created_at), 'dd-MM-yyyy')}.pdf`);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(2000);
});

test("davi's profile, without an evaluation, shows his name, says when there will be more to see and how to book it", async ({ page }) => {
  await openSignedIn(page, 'davi@demo.fit', '/profile');

  const card = page.getByRole('region', { name: 'Davi Rocha' });
  await expect(
    card.getByText('Você terá acesso a mais informações após a criação de sua avaliação antropométrica.'),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Agendar avaliação' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('button', { name: 'Baixar PDF' })).toHaveCount(0);
});
