import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToConsole } from './api-session';
import { expectNoViolations as expectNoViolationsInBothThemes } from './axe';
import { latestLinkFor } from './outbox';
import { startOnRunDay } from './run-day';

// Issue 24: the team onboards a client and writes their plan in the console, and the client sees it.
// The steps build on each other: one new client, made here, for the whole file. The activities it
// adds to the shared library have muscle groups of their own, so train mode's swaps list the same.
// Building a whole plan takes a person's minute; the default 30 s is for one screen.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 800 }, contextOptions: { reducedMotion: 'reduce' } });
// The plan is dated the run's day (the server's demo data and the browser agree on it, decision 032).
test.beforeEach(({ page }) => startOnRunDay(page));

const CLIENT = { nome: 'Paulo Mendes', email: `paulo-${Date.now()}@teste.fit`, senha: 'Paulo2026x' };
const NOTES = 'Ótimo começo, Paulo!\nAumente a proteína no café da manhã e durma 8 horas.';
let clientPath = '';

async function expectNoViolations(page: Page, state: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, state);
}

/** The values of every input `fields` finds, in order. */
const values = (fields: Locator) => fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/**
 * Drags `handle` with the mouse onto the lower edge of `target`, in small steps as a hand would: an
 * exercise is taller than what fits between them on the screen, so neither is dropped off-screen.
 */
async function dragOnto(page: Page, handle: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 24, { steps: 10 });
  await page.mouse.up();
}

const workout = (page: Page, n: number) => page.getByRole('article', { name: new RegExp(`^Treino ${n}`) });

/** Fills the exercise at `index` of a workout: a new activity with its video, or (video 'biblioteca') one found in the library. */
async function fillExercise(page: Page, card: Locator, index: number, exercise: { titulo: string; grupo: string; video?: string; series: string; reps: string; carga?: string; descanso: string }) {
  const item = card.getByRole('listitem').nth(index);
  if (exercise.video === 'biblioteca') {
    await item.getByRole('button', { name: /^Buscar na biblioteca/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Biblioteca de atividades' });
    await dialog.getByRole('searchbox', { name: 'Buscar atividade' }).fill(exercise.grupo);
    await dialog.getByRole('button', { name: `Escolher ${exercise.titulo} (${exercise.grupo})` }).click();
    await expect(item.getByLabel('Link do vídeo')).toHaveAccessibleDescription('Atividade da biblioteca.');
  } else {
    await item.getByLabel('Atividade', { exact: true }).fill(exercise.titulo);
    await item.getByLabel('Grupo muscular').fill(exercise.grupo);
    if (exercise.video) await item.getByLabel('Link do vídeo').fill(exercise.video);
  }
  await item.getByLabel('Séries').fill(exercise.series);
  await item.getByLabel('Repetições').fill(exercise.reps);
  if (exercise.carga) await item.getByLabel('Carga (kg)').fill(exercise.carga);
  await item.getByLabel('Descanso (s)').fill(exercise.descanso);
}

test('Rafael opens an account for a new client and publishes their plan', async ({ page }) => {
  await signInToConsole(page, 'personal@demo.fit');
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expectNoViolations(page, 'Novo cliente');
  await page.getByLabel('Nome').fill(CLIENT.nome);
  await page.getByLabel('E-mail').fill('ana@demo.fit');
  await page.getByLabel('Data de nascimento').fill('1991-05-14');
  await page.getByRole('button', { name: 'Cadastrar e enviar convite' }).click();
  // A taken address: the error at its field, and no account.
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Já existe uma conta com este e-mail.');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.getByLabel('E-mail').fill(CLIENT.email);
  await page.getByRole('button', { name: 'Cadastrar e enviar convite' }).click();

  await expect(page.getByRole('heading', { level: 1, name: CLIENT.nome })).toBeVisible();
  await expect(page.getByText('Cliente cadastrado. Enviamos por e-mail o link de primeiro acesso.')).toBeVisible();
  await expect(page.getByText('Convite pendente.')).toBeVisible();
  clientPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Reenviar convite' }).click();
  await expect(page.getByText(`Convite reenviado para ${CLIENT.email}.`)).toBeVisible();

  await page.getByRole('link', { name: 'Novo plano' }).click();
  await expect(page.getByRole('radio', { name: /Copiar o plano atual do cliente/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Começar um plano em branco/ })).toBeChecked();
  await expectNoViolations(page, 'the starting point of a plan');
  await page.getByRole('button', { name: 'Começar' }).click();

  await page.getByLabel('Plano', { exact: true }).selectOption('ULTIMATE');
  await page.getByLabel('Peso (kg)').fill('82,4');
  await page.getByLabel('Altura (cm)').fill('178');
  await page.getByLabel('Meta de água (ml)').fill('3000');
  await page.getByLabel('Objetivo').fill('Ganhar massa magra');
  await page.getByLabel('% de gordura').fill('18,5');
  await page.getByRole('group', { name: /^Dobras cutâneas/ }).getByLabel('Dobra do tríceps (mm)').fill('14,5');
  await page.getByLabel('Observações para o cliente').fill(NOTES);

  const first = workout(page, 1);
  await first.getByLabel('Título do treino').fill('Treino A - Inferiores do Paulo');
  await first.getByRole('button', { name: 'Segunda' }).click();
  await first.getByRole('button', { name: 'Quinta' }).click();
  await fillExercise(page, first, 0, { titulo: 'Agachamento livre', grupo: 'Quadríceps', video: 'biblioteca', series: '4', reps: '8-10', carga: '60', descanso: '120' });
  await first.getByRole('button', { name: 'Adicionar exercício' }).click();
  await fillExercise(page, first, 1, { titulo: 'Passada búlgara', grupo: 'Glúteo médio', video: 'https://www.youtube.com/watch?v=bulgara', series: '3', reps: '10 cada perna', carga: '12,5', descanso: '90' });
  await first.getByRole('button', { name: 'Adicionar exercício' }).click();
  await fillExercise(page, first, 2, { titulo: 'Panturrilha sentado', grupo: 'Sóleo', series: '4', reps: '15', descanso: '45' });
  // The last two change places by dragging one onto the other's place.
  await dragOnto(page, first.getByRole('listitem').nth(2).locator('[draggable=true]'), first.getByRole('listitem').nth(1));
  await expect.poll(() => values(first.getByLabel('Atividade', { exact: true }))).toEqual(['Agachamento livre', 'Panturrilha sentado', 'Passada búlgara']);

  await page.getByRole('button', { name: 'Adicionar treino' }).click();
  const second = workout(page, 2);
  await expect(second.getByLabel('Título do treino')).toBeFocused();
  await second.getByLabel('Título do treino').fill('Treino B - Superiores do Paulo');
  await second.getByRole('button', { name: 'Terça' }).click();
  await fillExercise(page, second, 0, { titulo: 'Supino reto com halteres', grupo: 'Peitoral', video: 'biblioteca', series: '4', reps: '10', carga: '22', descanso: '90' });
  await second.getByRole('button', { name: 'Duplicar Supino reto com halteres' }).click();
  await fillExercise(page, second, 1, { titulo: 'Supino inclinado', grupo: 'Peitoral superior', series: '3', reps: '12', carga: '18', descanso: '60' });
  await second.getByRole('button', { name: 'Adicionar exercício' }).click();
  await fillExercise(page, second, 2, { titulo: 'Remada curvada', grupo: 'Costas', series: '4', reps: '10', carga: '40', descanso: '90' });

  await page.getByRole('button', { name: 'Adicionar dieta' }).click();
  const diet = page.getByRole('article', { name: /^Dieta 1/ });
  await diet.getByLabel('Título da dieta').fill('Plano de 2.800 kcal');
  await diet.getByLabel('Dieta de dia de treino').check();
  const breakfast = diet.getByRole('listitem', { name: /^Refeição 1/ });
  await breakfast.getByLabel('Refeição 1', { exact: true }).fill('Café da manhã');
  await breakfast.getByLabel('Início', { exact: true }).fill('07:00');
  await breakfast.getByLabel('Fim', { exact: true }).fill('08:00');
  await breakfast.getByLabel('Opção 1', { exact: true }).fill('3 ovos mexidos\n2 fatias de pão integral');
  await diet.getByRole('button', { name: 'Adicionar refeição' }).click();
  const lunch = diet.getByRole('listitem', { name: /^Refeição 2/ });
  await lunch.getByLabel('Refeição 2', { exact: true }).fill('Almoço');
  await lunch.getByLabel('Horário livre').check();
  await lunch.getByLabel('Horário', { exact: true }).fill('12:30');
  await lunch.getByLabel('Opção 1', { exact: true }).fill('150 g de arroz\n150 g de frango');
  await expect(page.getByText(/^Rascunho salvo às/)).toBeVisible();
  await expectNoViolations(page, 'the plan editor');

  await page.getByRole('button', { name: 'Publicar plano' }).click();
  await expect(page.getByText('Plano publicado. O cliente já vê o novo plano.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Planos publicados' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(/publicado por Rafael Costa em/i);
  await expect(history.getByRole('listitem')).toContainText('2 treinos · 1 dieta');
  await expectNoViolations(page, "the client's plans");
  await history.getByRole('link', { name: /^Ver plano/ }).click();
  await expect(page.getByRole('article', { name: 'Treino B - Superiores do Paulo' }).getByRole('listitem')).toHaveCount(3);
  const evaluation = page.getByRole('region', { name: 'Avaliação' });
  await expect(evaluation.getByRole('definition').filter({ hasText: 'Ótimo começo' })).toHaveText(NOTES);
  await expect(evaluation).toContainText('Dobra do tríceps (mm)14,5');
  await expectNoViolations(page, 'a published plan');
});

test('the new client sets a password with the first-access link and sees the plan', async ({ page }) => {
  await page.goto(latestLinkFor(CLIENT.email));
  await expect(page.getByRole('heading', { name: 'Primeiro acesso' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(CLIENT.senha);
  await page.getByLabel('Confirme a nova senha').fill(CLIENT.senha);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(CLIENT.email);
  await page.getByLabel('Senha', { exact: true }).fill(CLIENT.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();

  const workouts = page.getByRole('region', { name: 'Meus treinos' });
  await workouts.getByRole('button', { name: 'Ver todos' }).click();
  await expect(workouts.getByRole('link', { name: /Treino A - Inferiores do Paulo/ })).toBeVisible();
  await workouts.getByRole('link', { name: /Treino B - Superiores do Paulo/ }).click();
  await expect(page.getByRole('tab')).toHaveText(['Supino reto com halteres', 'Supino inclinado', 'Remada curvada']);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Minhas dietas' }).getByRole('group', { name: 'Dieta para dias de treino' })).toBeVisible();

  // Perfil shows the notes for the client, signed by Rafael with his registration (demo data).
  await page.getByRole('link', { name: 'Perfil' }).click();
  const notes = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Observações do profissional' }) });
  await expect(notes).toContainText('Rafael Costa · CREF 012345-G/SP');
  await expect(notes.getByText(/^Ótimo começo/)).toHaveText(NOTES);
});

test('a plan with a bad field shows the error at the field and publishes nothing', async ({ page }) => {
  await signInToConsole(page, 'personal@demo.fit');
  await page.goto(`${clientPath}/plano`);
  await expect(page.getByRole('radio', { name: /Copiar o plano atual do cliente/ })).toBeChecked();
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByLabel('Peso (kg)')).toHaveValue('82,4');
  // The copy keeps the skinfolds and the notes.
  await expect(page.getByLabel('Dobra do tríceps (mm)')).toHaveValue('14,5');
  await expect(page.getByLabel('Observações para o cliente')).toHaveValue(NOTES);
  await page.getByLabel('Peso (kg)').fill('8.24');
  await page.getByLabel('Dobra da coxa (mm)').fill('150');
  const series = workout(page, 2).getByRole('listitem').nth(1).getByLabel('Séries');
  await series.fill('0');

  await page.getByRole('button', { name: 'Publicar plano' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'O plano tem 3 erros; nada foi publicado.' });
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Peso (kg)')).toHaveAccessibleDescription('Informe o peso em kg, de 20 a 400 (ex.: 67,5).');
  await expect(page.getByLabel('Dobra da coxa (mm)')).toHaveAccessibleDescription('Informe a dobra em mm, de 0 a 100 (ex.: 12,5), ou deixe em branco.');
  await expect(series).toHaveAttribute('aria-invalid', 'true');
  await expect(series).toHaveAccessibleDescription('Informe um número inteiro de séries, de 1 a 100.');
  await expectNoViolations(page, 'the plan editor with errors');
  await summary.getByRole('link', { name: 'Treino 2 (Treino B - Superiores do Paulo) › Exercício 2 (Supino inclinado) › Séries' }).click();
  await expect(series).toBeFocused();

  await page.getByRole('link', { name: CLIENT.nome }).click();
  const history = page.getByRole('region', { name: 'Planos publicados' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  // The draft stays, and says who is editing it.
  await expect(page.getByText('Rascunho em edição por Rafael Costa')).toBeVisible();
});

/** Presses Tab until `target` has focus: it is reached by the keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('the editor is completed with the keyboard alone', async ({ page }) => {
  await signInToConsole(page, 'personal@demo.fit');
  await page.goto(`${clientPath}/plano`);
  // The draft left by the test before: discarded, then a blank plan.
  await tabTo(page, page.getByRole('button', { name: 'Descartar rascunho' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Planos publicados' })).toBeVisible();
  await page.goto(`${clientPath}/plano`);
  await tabTo(page, page.getByRole('radio', { name: /Copiar o plano atual do cliente/ }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Começar um plano em branco/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Começar' }));
  await page.keyboard.press('Enter');

  await tabTo(page, page.getByLabel('Plano', { exact: true }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Plano', { exact: true })).toHaveValue('PRO');
  await tabTo(page, page.getByLabel('Peso (kg)'));
  await page.keyboard.type('80,1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('177');
  await tabTo(page, page.getByLabel('Objetivo'));
  await page.keyboard.type('Manter o peso');
  await tabTo(page, page.getByLabel('Dobra do tríceps (mm)'));
  await page.keyboard.type('12,5');
  await tabTo(page, page.getByLabel('Observações para o cliente'));
  await page.keyboard.type('Mantenha os treinos e a hidratação.');

  const first = workout(page, 1);
  await tabTo(page, first.getByLabel('Título do treino'));
  await page.keyboard.type('Treino único');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(first.getByRole('button', { name: 'Segunda' })).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, first.getByRole('button', { name: /^Buscar na biblioteca/ }));
  await page.keyboard.press('Enter');
  await page.keyboard.type('agachamento');
  await tabTo(page, page.getByRole('button', { name: 'Escolher Agachamento livre (Quadríceps)' }));
  await page.keyboard.press('Enter');
  await expect(first.getByLabel('Atividade', { exact: true })).toHaveValue('Agachamento livre');
  await tabTo(page, first.getByLabel('Repetições'));
  await page.keyboard.type('12');
  await tabTo(page, first.getByRole('button', { name: 'Adicionar exercício' }));
  await page.keyboard.press('Enter');
  await expect(first.getByLabel('Atividade', { exact: true }).nth(1)).toBeFocused();
  await page.keyboard.type('Prancha');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Core');
  await tabTo(page, first.getByLabel('Repetições').nth(1));
  await page.keyboard.type('40 s');
  // Prancha first: 'Mover para cima', and focus stays with it.
  await tabTo(page, first.getByRole('button', { name: 'Mover Prancha para cima' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => values(first.getByLabel('Atividade', { exact: true }))).toEqual(['Prancha', 'Agachamento livre']);
  await expect(first.getByRole('button', { name: 'Mover Prancha para baixo' })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Publicar plano' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Plano publicado. O cliente já vê o novo plano.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Planos publicados' }).getByRole('listitem')).toHaveCount(2);
});

test("the editor's screens pass axe on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, 'personal@demo.fit');
  await page.goto(`${clientPath}/planos`);
  await expect(page.getByRole('region', { name: 'Planos publicados' }).getByRole('listitem')).toHaveCount(2);
  await expectNoViolations(page, "the client's plans on a phone");
  await page.getByRole('link', { name: 'Novo plano' }).click();
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Avaliação' })).toBeVisible();
  await expectNoViolations(page, 'the plan editor on a phone');
});
