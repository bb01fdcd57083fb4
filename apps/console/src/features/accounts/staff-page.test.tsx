import type { StaffChange, StaffMember } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { StaffPage } from './staff-page';

const MEMBERS = '/api/v1/equipe/membros';
const CHANGES = '/api/v1/equipe/auditoria';
const admin: StaffMember = { id: 1, nome: 'Equipe Acompanha', email: 'admin@demo.fit', papeis: ['ROLE_ADMIN'], convite_pendente: false, desativado_em: null, registro: null };
const marina: StaffMember = { id: 3, nome: 'Marina Alves', email: 'nutri@demo.fit', papeis: ['ROLE_NUTRICIONISTA'], convite_pendente: false, desativado_em: null, registro: null };

function signedInAs(roles: string[], members: StaffMember[] = [admin, marina]) {
  const calls: string[] = [];
  server.use(
    http.get('/api/v1/users/me', () => HttpResponse.json({ id: 1, email: 'admin@demo.fit', roles })),
    http.get(MEMBERS, () => {
      calls.push('list');
      return HttpResponse.json({ results: members });
    }),
    http.get(CHANGES, () => {
      calls.push('changes');
      return HttpResponse.json({ results: [], page: 0, size: 20, total: 0 });
    }),
  );
  return calls;
}

describe('StaffPage', () => {
  it('is for administrators only: another role reads why, and the accounts are not asked for', async () => {
    const calls = signedInAs(['ROLE_PERSONAL']);
    renderRoute(<StaffPage />);

    expect(await screen.findByText('Esta área é exclusiva dos administradores da equipe.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar conta' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('creates an account, showing a taken e-mail at its field', async () => {
    signedInAs(['ROLE_ADMIN']);
    const bodies: unknown[] = [];
    server.use(
      http.post(MEMBERS, async ({ request }) => {
        const body = (await request.json()) as { email: string };
        bodies.push(body);
        if (body.email === 'nutri@demo.fit') return HttpResponse.json({ status: 409, error: 'Conflict', message: 'email: já existe uma conta com este e-mail.', field: 'email' }, { status: 409 });
        return HttpResponse.json({ id: 9, nome: 'Júlia Prado', email: body.email, papeis: ['ROLE_NUTRICIONISTA'], convite_pendente: true, desativado_em: null, registro: null }, { status: 201 });
      }),
    );
    renderRoute(<StaffPage />);

    await userEvent.type(await screen.findByLabelText('Nome'), 'Júlia Prado');
    await userEvent.type(screen.getByLabelText('E-mail'), 'nutri@demo.fit');
    await userEvent.selectOptions(screen.getByLabelText('Papel'), 'Nutricionista');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Já existe uma conta com este e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'julia@demo.fit');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Conta de Júlia Prado criada. Enviamos o link de primeiro acesso para julia@demo.fit.')).toBeInTheDocument();
    // Left blank, the registration is none.
    expect(bodies.at(-1)).toEqual({ nome: 'Júlia Prado', email: 'julia@demo.fit', papel: 'ROLE_NUTRICIONISTA', registro: null });
    const row = screen.getByText('Júlia Prado').closest('li')!;
    expect(row).toHaveTextContent('Convite pendente');
  });

  it('creates an account with its registration, refusing one over 30 characters at its field', async () => {
    signedInAs(['ROLE_ADMIN']);
    const bodies: unknown[] = [];
    server.use(
      http.post(MEMBERS, async ({ request }) => {
        const body = (await request.json()) as StaffMember;
        bodies.push(body);
        return HttpResponse.json({ ...body, id: 9, papeis: ['ROLE_PERSONAL'], convite_pendente: true, desativado_em: null }, { status: 201 });
      }),
    );
    renderRoute(<StaffPage />);

    await userEvent.type(await screen.findByLabelText('Nome'), 'Caio Dias');
    await userEvent.type(screen.getByLabelText('E-mail'), 'caio@demo.fit');
    const registro = screen.getByLabelText('Registro profissional');
    expect(registro).toHaveAccessibleDescription('CREF ou CRN, opcional: assina as avaliações que a conta publicar.');
    await userEvent.type(registro, 'C'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(registro).toHaveAccessibleDescription('Use no máximo 30 caracteres.');
    expect(bodies).toEqual([]);

    await userEvent.clear(registro);
    await userEvent.type(registro, ' CREF 012345-G/SP ');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('CREF 012345-G/SP')).toBeInTheDocument();
    expect(bodies).toEqual([{ nome: 'Caio Dias', email: 'caio@demo.fit', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' }]);
  });

  it("sets a member's registration and clears the administrator's own", async () => {
    signedInAs(['ROLE_ADMIN'], [{ ...admin, registro: 'CREF 000001-G/SP' }, marina]);
    const patches: [string, unknown][] = [];
    server.use(
      http.patch(`${MEMBERS}/:id`, async ({ params, request }) => {
        const body = (await request.json()) as { registro: string | null };
        patches.push([String(params.id), body]);
        const member = params.id === '1' ? admin : marina;
        return HttpResponse.json({ ...member, registro: body.registro });
      }),
    );
    renderRoute(<StaffPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar registro de Marina Alves' }));
    let dialog = await screen.findByRole('dialog', { name: 'Registro profissional de Marina Alves' });
    await userEvent.type(within(dialog).getByLabelText('Registro profissional'), 'CRN-3 54321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CRN-3 54321')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Editar registro de Equipe Acompanha' }));
    dialog = await screen.findByRole('dialog', { name: 'Registro profissional de Equipe Acompanha' });
    const field = within(dialog).getByLabelText('Registro profissional');
    expect(field).toHaveValue('CREF 000001-G/SP');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByText('CREF 000001-G/SP')).not.toBeInTheDocument());
    expect(patches).toEqual([
      ['3', { registro: 'CRN-3 54321' }],
      ['1', { registro: null }],
    ]);
  });

  it('disables an account after a confirmation, never the administrator’s own', async () => {
    signedInAs(['ROLE_ADMIN']);
    const disabled: string[] = [];
    server.use(
      http.post(`${MEMBERS}/:id/desativar`, ({ params }) => {
        disabled.push(String(params.id));
        return HttpResponse.json({ ...marina, desativado_em: '2026-11-26T15:00:00.000Z' });
      }),
    );
    renderRoute(<StaffPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Desativar Marina Alves' }));
    expect(screen.queryByRole('button', { name: 'Desativar Equipe Acompanha' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Desativar a conta de Marina Alves?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(disabled).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Desativar Marina Alves' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desativar conta' }));

    expect(await screen.findByText('Desativada em 26/11/2026')).toBeInTheDocument();
    expect(disabled).toEqual(['3']);
    expect(screen.queryByRole('button', { name: 'Desativar Marina Alves' })).not.toBeInTheDocument();
  });

  it('re-enables a disabled account at once, without a confirmation, and reads the record of staff changes again', async () => {
    const calls = signedInAs(['ROLE_ADMIN'], [admin, { ...marina, desativado_em: '2026-11-26T15:00:00.000Z' }]);
    const enabled: string[] = [];
    server.use(
      http.post(`${MEMBERS}/:id/reativar`, ({ params }) => {
        enabled.push(String(params.id));
        return HttpResponse.json({ ...marina, desativado_em: null });
      }),
    );
    renderRoute(<StaffPage />);

    const row = (await screen.findByText('Desativada em 26/11/2026')).closest('li')!;
    await waitFor(() => expect(calls).toContain('changes'));
    const before = calls.filter((call) => call === 'changes').length;
    expect(within(row).queryByRole('button', { name: 'Desativar Marina Alves' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Reativar Marina Alves' }));

    expect(await within(row).findByText('Ativa')).toBeInTheDocument();
    expect(enabled).toEqual(['3']);
    expect(within(row).getByRole('button', { name: 'Desativar Marina Alves' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call === 'changes').length).toBeGreaterThan(before));
  });

  it("shows who changed an activity, a registration or an account, and when, and reads the record again after a change here", async () => {
    const calls = signedInAs(['ROLE_ADMIN']);
    const changes: StaffChange[] = [
      { id: 4, tipo: 'CONTA_DESATIVADA', feito_por: null, feito_em: '2026-11-26T15:00:00.000Z', alvo_id: 3, antes: null, depois: null },
      { id: 3, tipo: 'REGISTRO_ALTERADO', feito_por: { id: 1, nome: 'Equipe Acompanha' }, feito_em: '2026-11-26T14:00:00.000Z', alvo_id: 3, antes: { registro: null }, depois: { registro: 'CRN-3 54321' } },
      {
        id: 2,
        tipo: 'ATIVIDADE_EDITADA',
        feito_por: { id: 3, nome: 'Marina Alves' },
        feito_em: '2026-11-26T13:00:00.000Z',
        alvo_id: 7,
        antes: { titulo: 'Voador', grupo_muscular: 'Peito', video: null },
        depois: { titulo: 'Voador', grupo_muscular: 'Peito', video: 'https://youtu.be/voador' },
      },
      { id: 1, tipo: 'ATIVIDADE_CRIADA', feito_por: { id: 2, nome: 'Rafael Costa' }, feito_em: '2026-11-26T12:00:00.000Z', alvo_id: 7, antes: null, depois: { titulo: 'Voador', grupo_muscular: 'Peito', video: null } },
    ];
    server.use(
      http.get(CHANGES, ({ request }) => {
        calls.push('changes');
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({ results: changes.slice(page * 2, page * 2 + 2), page, size: 2, total: changes.length });
      }),
      http.post(`${MEMBERS}/:id/desativar`, () => HttpResponse.json({ ...marina, desativado_em: '2026-11-26T15:00:00.000Z' })),
    );
    renderRoute(<StaffPage />);

    const record = await screen.findByRole('region', { name: 'Alterações da equipe' });
    const entries = await within(record).findAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Um operador, pela linha de comando, desativou a conta de Marina Alves'),
      expect.stringContaining('Equipe Acompanha alterou o registro profissional de Marina Alvesregistro: nenhum → CRN-3 54321'),
    ]);
    await userEvent.click(within(record).getByRole('button', { name: 'Carregar mais alterações' }));
    expect(await within(record).findByText('vídeo: nenhum → https://youtu.be/voador')).toBeInTheDocument();
    expect(within(record).getByText('criou a atividade Voador (Peito)', { exact: false })).toBeInTheDocument();
    expect(within(record).getByText('4 de 4 alterações')).toBeInTheDocument();
    expect(within(record).queryByRole('button', { name: 'Carregar mais alterações' })).not.toBeInTheDocument();

    const before = calls.filter((call) => call === 'changes').length;
    await userEvent.click(screen.getByRole('button', { name: 'Desativar Marina Alves' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desativar conta' }));
    await waitFor(() => expect(calls.filter((call) => call === 'changes').length).toBeGreaterThan(before));
  });
});
