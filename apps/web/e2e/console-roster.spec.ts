import { randomUUID } from 'node:crypto';
import { tokenPairSchema } from '@acompanha/contract';
import { expect, test, type Page } from '@playwright/test';
import { signInToConsole } from './api-session';
import { expectNoViolations } from './axe';
import { fillRoster, fixtureClient, ROSTER_FIXTURE } from './roster-fixture';

// The roster at a business's size (DECISIONS.md §6): 120 clients more than the demo's, at a desktop's size.
test.use({ viewport: { width: 1280, height: 800 }, contextOptions: { reducedMotion: 'reduce' } });

test.beforeAll(() => {
  fillRoster();
});

const filters = (page: Page) => page.getByRole('group', { name: 'Filtros' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Páginas da lista de clientes' });
const rows = (page: Page) => page.getByRole('region', { name: /clientes?$/ }).getByRole('listitem');
const address = (page: Page) => new URL(page.url()).searchParams;

async function expectSettled(page: Page, state: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page, state);
}

/** A client of the fixture writes to the team through the client's API, as the app does. */
async function writeAsClient(page: Page, email: string, texto: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: ROSTER_FIXTURE.password } });
  expect(login.ok()).toBe(true);
  const { token } = tokenPairSchema.parse(await login.json());
  const sent = await page.request.post('/api/v1/mensagens', { headers: { Authorization: `Bearer ${token}` }, data: { id: randomUUID(), texto } });
  expect(sent.status()).toBe(201);
}

test("Rafael pages through his clients and everyone's, searches, and sees a message from page 3 arrive in its row", async ({ page }) => {
  // Several screens, each scanned by axe in both themes.
  test.setTimeout(180_000);
  await signInToConsole(page, 'personal@demo.fit');

  await test.step("'Meus clientes' by default, a page of 50 at a time", async () => {
    const mine = filters(page).getByRole('button', { name: /^Meus clientes/ });
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    // ana, bruno and half of the fixture at least.
    await expect(mine).toHaveAccessibleName(/^Meus clientes, (6[2-9]|[7-9]\d) clientes$/);
    expect(address(page).has('filtro')).toBe(false);
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).filter({ hasNotText: 'Personal: Rafael Costa' })).toHaveCount(0);
    await expect(pager(page)).toContainText('página 1 de 2');
    const first = await rows(page).first().textContent();

    await pager(page).getByRole('button', { name: 'Próxima' }).click();

    await expect(pager(page)).toContainText('página 2 de 2');
    expect(address(page).get('pagina')).toBe('2');
    await expect(rows(page).first()).not.toHaveText(first!);
    await expect(rows(page).filter({ hasNotText: 'Personal: Rafael Costa' })).toHaveCount(0);
    await expect(pager(page).getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await expectSettled(page, "Clientes, 'Meus clientes', page 2");
  });

  let writer = fixtureClient(0);
  await test.step("everyone's clients, to page 3", async () => {
    await filters(page).getByRole('button', { name: 'Todos' }).click();
    await expect(filters(page).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
    expect(address(page).get('filtro')).toBe('todos');
    expect(address(page).has('pagina')).toBe(false);
    await expect(pager(page)).toContainText('página 1 de 3');
    await pager(page).getByRole('button', { name: 'Próxima' }).click();
    await expect(pager(page)).toContainText('página 2 de 3');
    await pager(page).getByRole('button', { name: 'Próxima' }).click();
    await expect(pager(page)).toContainText('página 3 de 3');
    expect(address(page).get('pagina')).toBe('3');
    const text = await rows(page).filter({ hasText: '@elenco.teste' }).first().textContent();
    const n = Number(/cliente(\d{3})@elenco\.teste/.exec(text!)![1]);
    writer = fixtureClient(n);
  });

  await test.step("a message from a client on page 3 shows in their row without a reload", async () => {
    await page.evaluate(() => ((window as { semRecarregar?: boolean }).semRecarregar = true));
    const row = rows(page).filter({ hasText: writer.email });
    await expect(row).toContainText('Em dia');

    await writeAsClient(page, writer.email, `Oi, equipe! Posso treinar amanhã de manhã? (${Date.now()})`);

    await expect(row).toContainText('1 não lida');
    expect(address(page).get('pagina')).toBe('3');
    expect(await page.evaluate(() => (window as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: /^Mensagens/ })).toHaveAccessibleName(/conversas? aguardando resposta$/);
  });

  await test.step("the search finds 'João' by 'joao', and the address keeps it all", async () => {
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('joao');

    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).filter({ hasNotText: /^João / })).toHaveCount(0);
    expect(address(page).get('busca')).toBe('joao');
    expect(address(page).get('filtro')).toBe('todos');
    expect(address(page).has('pagina')).toBe(false);
    await expectSettled(page, "Clientes searched for 'joao'");

    await page.reload();

    await expect(page.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveValue('joao');
    await expect(filters(page).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).filter({ hasNotText: /^João / })).toHaveCount(0);
  });

  await test.step('the longest waiting first, the writer among them on the first page', async () => {
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('');
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Aguardando resposta' });

    expect(address(page).get('ordem')).toBe('aguardando');
    await expect(pager(page)).toContainText('página 1 de 3');
    await expect(rows(page).filter({ hasText: writer.email })).toContainText('1 não lida');
    await expect(rows(page).first()).toContainText(/não lidas?/);
  });

  await test.step("the writer's responsibles are set on their page", async () => {
    await rows(page).filter({ hasText: writer.email }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: writer.nome })).toBeVisible();
    const section = page.getByRole('region', { name: 'Responsáveis' });
    await section.getByText('Responsáveis:').click();
    await section.getByLabel('Nutricionista').selectOption({ label: 'Marina Alves' });
    await section.getByRole('button', { name: 'Salvar responsáveis' }).click();
    await expect(section.getByRole('status')).toHaveText('Responsáveis salvos.');
    await expectSettled(page, "a client's page with their responsibles saved");

    // Back on the list, found by e-mail: read now (opening the page read the message), with Marina beside Rafael or alone.
    await page.goBack();
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(writer.email);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Nutricionista: Marina Alves');
    await expect(rows(page)).toContainText('Em dia');
  });
});
