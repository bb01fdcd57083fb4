import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { NewClientPage } from './new-client-page';

const CLIENTS = '/api/v1/equipe/clientes';

const header = {
  id: 42,
  nome: 'Rita Teixeira',
  email: 'rita@teste.fit',
  plano: null,
  vencimento: null,
  ultimo_treino: null,
  treinos_7_dias: 0,
  dias_planejados: 0,
  nao_lidas: 0,
  aguardando_desde: null,
  ultima_mensagem: null,
  convite_pendente: true,
  responsaveis: { personal: null, nutricionista: null },
  data_nascimento: '1990-04-02',
  objetivo: null,
  peso: null,
  altura: null,
};

async function fillForm(email = 'rita@teste.fit') {
  await userEvent.type(screen.getByLabelText('Nome'), 'Rita Teixeira');
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Data de nascimento'), '1990-04-02');
  await userEvent.click(screen.getByRole('button', { name: 'Cadastrar e enviar convite' }));
}

describe('NewClientPage', () => {
  it('creates the account and opens the client, saying the invitation went', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(CLIENTS, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(header, { status: 201 });
      }),
      http.get(`${CLIENTS}`, () => HttpResponse.json({ results: [] })),
    );
    const { router } = renderRoute(<NewClientPage />, { pattern: '*', path: '/clientes/novo' });

    await fillForm();

    await expect.poll(() => router.state.location.pathname).toBe('/clientes/42');
    expect(bodies).toEqual([{ nome: 'Rita Teixeira', email: 'rita@teste.fit', data_nascimento: '1990-04-02' }]);
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

  it('checks the fields before sending anything', async () => {
    renderRoute(<NewClientPage />, { path: '/' });

    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar e enviar convite' }));

    expect(await screen.findByText('Informe a data de nascimento.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Este campo é obrigatório');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
