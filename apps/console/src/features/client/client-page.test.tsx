import type { ResponsiblesRequest } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { buildClient, headerOf } from '../../testing/roster';
import { ClientPage } from './client-page';

const RAFAEL = { id: 2, nome: 'Rafael Costa' };
const MARINA = { id: 3, nome: 'Marina Alves' };
const bruno = buildClient({ id: 7, nome: 'Bruno Lima', responsaveis: { personal: RAFAEL, nutricionista: null } });
const RESPONSIBLES = '/api/v1/equipe/clientes/7/responsaveis';

const renderPage = () => renderRoute(<ClientPage />, { pattern: '/clientes/:id', path: '/clientes/7' });
const section = () => screen.getByRole('region', { name: 'Responsáveis' });
/** The section's one line, which unfolds the form. */
const unfold = () => userEvent.click(section().querySelector('summary')!);

describe("ClientPage's responsibles", () => {
  beforeEach(() => {
    server.use(
      http.get('/api/v1/equipe/clientes/7', () => HttpResponse.json(headerOf(bruno))),
      http.get('/api/v1/equipe/profissionais', () => HttpResponse.json({ personal: [RAFAEL, { id: 4, nome: 'Paulo Reis' }], nutricionista: [MARINA] })),
    );
  });

  it("shows who looks after the client on one line, unfolds to change it, and saves the change with PUT", async () => {
    const sent: ResponsiblesRequest[] = [];
    server.use(
      http.put(RESPONSIBLES, async ({ request }) => {
        const body = (await request.json()) as ResponsiblesRequest;
        sent.push(body);
        return HttpResponse.json({ ...bruno, responsaveis: { personal: RAFAEL, nutricionista: MARINA } });
      }),
    );
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Bruno Lima' });
    expect(section().querySelector('summary')).toHaveTextContent('Responsáveis: Personal: Rafael Costa');
    await unfold();
    const nutritionist = within(section()).getByRole('combobox', { name: 'Nutricionista' });
    await waitFor(() => expect(within(section()).getByRole('combobox', { name: 'Personal trainer' })).toHaveDisplayValue('Rafael Costa'));
    expect(nutritionist).toHaveDisplayValue('Nenhum');
    expect(within(nutritionist).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nenhum', 'Marina Alves']);
    const saveButton = within(section()).getByRole('button', { name: 'Salvar responsáveis' });
    expect(saveButton).toBeDisabled();

    await userEvent.selectOptions(nutritionist, 'Marina Alves');
    await userEvent.click(saveButton);

    expect(await within(section()).findByRole('status')).toHaveTextContent('Responsáveis salvos.');
    expect(sent).toEqual([{ personal_id: 2, nutricionista_id: 3 }]);
    expect(within(section()).getByRole('combobox', { name: 'Nutricionista' })).toHaveDisplayValue('Marina Alves');
    expect(within(section()).getByRole('button', { name: 'Salvar responsáveis' })).toBeDisabled();
    expect(section().querySelector('summary')).toHaveTextContent('Responsáveis: Personal: Rafael Costa · Nutricionista: Marina Alves');
  });

  it("shows the API's refusal at the field it names, and keeps the choice", async () => {
    server.use(
      http.put(RESPONSIBLES, () =>
        HttpResponse.json(
          { status: 400, error: 'Bad Request', message: 'personal_id: deve ser um membro da equipe com o papel de personal trainer.', field: 'personal_id' },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Bruno Lima' });
    await unfold();
    const personal = within(section()).getByRole('combobox', { name: 'Personal trainer' });
    await waitFor(() => expect(personal).toHaveDisplayValue('Rafael Costa'));

    await userEvent.selectOptions(personal, 'Paulo Reis');
    await userEvent.click(within(section()).getByRole('button', { name: 'Salvar responsáveis' }));

    expect(await within(section()).findByText('Deve ser um membro da equipe com o papel de personal trainer.')).toBeInTheDocument();
    expect(personal).toHaveAttribute('aria-invalid', 'true');
    expect(personal).toHaveAccessibleDescription('Deve ser um membro da equipe com o papel de personal trainer.');
    expect(personal).toHaveDisplayValue('Paulo Reis');
    expect(within(section()).getByRole('button', { name: 'Salvar responsáveis' })).toBeEnabled();

    // Choosing again clears the refusal.
    await userEvent.selectOptions(personal, 'Nenhum');
    expect(personal).toHaveAttribute('aria-invalid', 'false');
  });
});
