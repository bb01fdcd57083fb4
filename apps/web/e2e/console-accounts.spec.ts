import { expect, test, type Page } from '@playwright/test';
import { signInToConsole } from './api-session';
import { expectNoViolations as expectNoViolationsInBothThemes } from './axe';

// Issue 24's other console screens: the activity library, and staff accounts for administrators only.
test.use({ viewport: { width: 1280, height: 800 }, contextOptions: { reducedMotion: 'reduce' } });

async function expectNoViolations(page: Page, state: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, state);
}

test('the team adds an activity to the library, a bad video link at its field', async ({ page }) => {
  const title = `Remada unilateral ${Date.now()}`;
  await signInToConsole(page, 'nutri@demo.fit');
  // Only administrators see the staff accounts.
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Equipe' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Atividades' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atividades' })).toBeVisible();
  await expectNoViolations(page, 'the activity library');

  const form = page.getByRole('region', { name: 'Nova atividade' });
  await form.getByLabel('Título').fill(title);
  // A muscle group of its own: train mode's swaps list the demo's groups.
  await form.getByLabel('Grupo muscular').fill('Antebraços');
  await form.getByLabel('Link do vídeo').fill('youtube.com/remada');
  await form.getByRole('button', { name: 'Adicionar atividade' }).click();
  await expect(form.getByLabel('Link do vídeo')).toHaveAccessibleDescription('Informe um link que comece com http:// ou https://, ou deixe em branco.');
  await form.getByLabel('Link do vídeo').fill('https://www.youtube.com/watch?v=remada');
  await form.getByRole('button', { name: 'Adicionar atividade' }).click();
  await expect(page.getByText(`${title} adicionada à biblioteca.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar atividade' }).fill(title);
  await page.getByRole('button', { name: `Editar ${title}` }).click();
  const row = page.getByRole('listitem', { name: `Editando ${title}` });
  await row.getByLabel('Grupo muscular').fill('Punhos');
  await row.getByRole('button', { name: 'Salvar atividade' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Punhos');
});

test('an administrator, past the second factor, creates a staff account, disables it after a confirmation and re-enables it', async ({ page }) => {
  const email = `julia-${Date.now()}@teste.fit`;
  await signInToConsole(page, 'admin@demo.fit');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
  await expectNoViolations(page, 'staff accounts');

  await page.getByLabel('Nome').fill('Júlia Prado');
  await page.getByLabel('E-mail').fill('nutri@demo.fit');
  await page.getByLabel('Papel').selectOption({ label: 'Nutricionista' });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Já existe uma conta com este e-mail.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Registro profissional').fill('CRN-3 1111');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(`Conta de Júlia Prado criada. Enviamos o link de primeiro acesso para ${email}.`)).toBeVisible();
  const julia = page.getByRole('listitem').filter({ hasText: email });
  await expect(julia).toContainText('Convite pendente');
  await expect(julia).toContainText('CRN-3 1111');

  // Her registration, which signs the evaluations she publishes, corrected.
  await julia.getByRole('button', { name: 'Editar registro de Júlia Prado' }).click();
  const registration = page.getByRole('dialog', { name: 'Registro profissional de Júlia Prado' });
  await expect(registration.getByLabel('Registro profissional')).toHaveValue('CRN-3 1111');
  await expectNoViolations(page, "the dialog of a member's registration");
  await registration.getByLabel('Registro profissional').fill('CRN-3 11112');
  await registration.getByRole('button', { name: 'Salvar' }).click();
  await expect(registration).toBeHidden();
  await expect(julia).toContainText('CRN-3 11112');

  await julia.getByRole('button', { name: 'Desativar Júlia Prado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desativar a conta de Júlia Prado?' });
  await expectNoViolations(page, 'the confirmation to disable an account');
  await dialog.getByRole('button', { name: 'Desativar conta' }).click();
  await expect(dialog).toBeHidden();
  await expect(julia).toContainText('Desativada em');
  await expect(julia.getByRole('button', { name: 'Desativar Júlia Prado' })).toHaveCount(0);

  // Both changes are in the record, with who made them.
  const record = page.getByRole('region', { name: 'Alterações da equipe' });
  await expect(record.getByRole('listitem').filter({ hasText: 'desativou a conta de Júlia Prado' }).first()).toBeVisible();
  await expect(record.getByRole('listitem').filter({ hasText: 'registro: CRN-3 1111 → CRN-3 11112' }).first()).toBeVisible();

  // Re-enabled, she is e-mailed a new first-access link: disabling spent the first.
  await julia.getByRole('button', { name: 'Reativar Júlia Prado' }).click();
  await expect(julia).toContainText('Convite pendente');
  await expect(julia.getByRole('button', { name: 'Desativar Júlia Prado' })).toBeVisible();
  await expect(record.getByRole('listitem').filter({ hasText: 'reativou a conta de Júlia Prado' }).first()).toBeVisible();
});
