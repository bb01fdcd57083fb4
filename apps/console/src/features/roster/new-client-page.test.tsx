import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { buildClient, headerOf } from '../../testing/roster';
import { renderRoute } from '../../testing/render';
import { NewClientPage } from './new-client-page';

const CLIENTS = '/api/v1/equipe/clientes';
const RAFAEL = { id: 2, email: 'personal@demo.fit', roles: ['ROLE_PERSONAL'] };
const professionals = { personal: [{ id: 2, nome: 'Rafael Costa' }], nutricionista: [{ id: 3, nome: 'Marina Alves' }] };

const header = headerOf(buildClient({ id: 42, nome: 'Rita Teixeira', email: 'rita@teste.fit', convite_pendente: true }));

async function fillForm(email = 'rita@teste.fit') {
  await userEvent.type(screen.getByLabelText('Nome'), 'Rita Teixeira');
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Data de nascimento'), '1990-04-02');
  await userEvent.click(screen.getByRole('button', { name: 'Cadastrar e enviar convite' }));
}

describe('NewClientPage', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/v1/users/me', () => HttpResponse.json(RAFAEL)),
      http.get('/api/v1/equipe/profissionais', () => HttpResponse.json(professionals)),
    );
  });

  it('creates the account and opens the client, saying the invitation went', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CLIENTS, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(header, { status: 201 });
      }),
    );
    const { router } = renderRoute(<NewClientPage />, { pattern: '*', path: '/clientes/novo' });
    // The signed-in trainer looks after the clients they open, unless they choose otherwise.
    await waitFor(() => expect(screen.getByLabelText('Personal trainer')).toHaveDisplayValue('Rafael Costa'));
    expect(screen.getByLabelText('Nutricionista')).toHaveDisplayValue('Nenhum');

    await fillForm();

    await expect.poll(() => router.state.location.pathname).toBe('/clientes/42');
    expect(bodies).toEqual([{ nome: 'Rita Teixeira', email: 'rita@teste.fit', data_nascimento: '1990-04-02', personal_id: 2, nutricionista_id: null }]);
    expect(router.state.location.state).toEqual({ aviso: 'Cliente cadastrado. Enviamos por e-mail o link de primeiro acesso.' });
  });

  it('shows a taken e-mail at its field, and focuses it', async () => {
    server.use(
      http.post(CLIENTS, () =>
        HttpResponse.json({ status: 409, error: 'Conflict', message: 'email: já existe uma conta com este e-mail.', field: 'email' }, { status: 409 }),
      ),
    );
    renderRoute(<NewClientPage />, { path: '/' });

    await fillForm('ana@demo.fit');

    const email = screen.getByLabelText('E-mail');
    expect(await screen.findByText('Já existe uma conta com este e-mail.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Já existe uma conta com este e-mail.');
    expect(email).toHaveFocus();
  });

  it("sends the responsibles chosen, and shows the API's refusal of one at its field, keeping the choice", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CLIENTS, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { status: 400, error: 'Bad Request', message: 'nutricionista_id: este membro da equipe está desativado.', field: 'nutricionista_id' },
          { status: 400 },
        );
      }),
    );
    renderRoute(<NewClientPage />, { path: '/' });
    await waitFor(() => expect(screen.getByLabelText('Personal trainer')).toHaveDisplayValue('Rafael Costa'));

    await userEvent.selectOptions(screen.getByLabelText('Personal trainer'), 'Nenhum');
    await userEvent.selectOptions(screen.getByLabelText('Nutricionista'), 'Marina Alves');
    await fillForm();

    const nutritionist = screen.getByLabelText('Nutricionista');
    expect(await screen.findByText('Este membro da equipe está desativado.')).toBeInTheDocument();
    expect(nutritionist).toHaveAttribute('aria-invalid', 'true');
    expect(nutritionist).toHaveAccessibleDescription('Este membro da equipe está desativado.');
    expect(nutritionist).toHaveDisplayValue('Marina Alves');
    expect(screen.getByLabelText('Personal trainer')).toHaveDisplayValue('Nenhum');
    expect(bodies).toEqual([{ nome: 'Rita Teixeira', email: 'rita@teste.fit', data_nascimento: '1990-04-02', personal_id: null, nutricionista_id: 3 }]);
  });

  it('checks the fields before sending anything', async () => {
    renderRoute(<NewClientPage />, { path: '/' });

    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar e enviar convite' }));

    expect(await screen.findByText('Informe a data de nascimento.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Este campo é obrigatório');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
