import type { SecondFactorStatus } from '@acompanha/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { SecondFactorPage } from './second-factor-page';

const PATH = '/api/v1/equipe/verificacao';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'jkmnp-qrstu', 'vwxyz-23456', '789ab-cdefg'];

function answerStatus(status: SecondFactorStatus) {
  let current = status;
  server.use(http.get(PATH, () => HttpResponse.json(current)));
  return (next: SecondFactorStatus) => {
    current = next;
  };
}

describe('SecondFactorPage', () => {
  it('turns the factor on: the key to type, a wrong first code refused, then the recovery codes once', async () => {
    const setStatus = answerStatus({ ativa: false, obrigatoria: false, codigos_restantes: 0 });
    const confirmed: unknown[] = [];
    server.use(
      http.post(PATH, () => HttpResponse.json({ segredo: SECRET, uri: `otpauth://totp/Acompanha:ana?secret=${SECRET}` }, { status: 201 })),
      http.post(`${PATH}/confirmar`, async ({ request }) => {
        const body = (await request.json()) as { codigo: string };
        confirmed.push(body);
        if (body.codigo !== '123456') return HttpResponse.json({ status: 400, error: 'Bad Request', message: 'codigo: código incorreto ou já usado.', field: 'codigo' }, { status: 400 });
        setStatus({ ativa: true, obrigatoria: false, codigos_restantes: 10 });
        return HttpResponse.json({ codigos_recuperacao: CODES });
      }),
    );
    renderRoute(<SecondFactorPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Começar' }));
    expect(await screen.findByLabelText('Chave para o aplicativo')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'abrir a chave direto no aplicativo' })).toHaveAttribute('href', `otpauth://totp/Acompanha:ana?secret=${SECRET}`);

    await userEvent.type(screen.getByLabelText('Código do aplicativo'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Ativar verificação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('codigo: código incorreto ou já usado.');

    await userEvent.clear(screen.getByLabelText('Código do aplicativo'));
    await userEvent.type(screen.getByLabelText('Código do aplicativo'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Ativar verificação' }));

    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    await userEvent.click(screen.getByRole('button', { name: 'Guardei os códigos' }));
    expect(await screen.findByText('Ativa. Restam 10 códigos de recuperação.')).toBeInTheDocument();
    expect(confirmed).toEqual([{ codigo: '000000' }, { codigo: '123456' }]);
  }, 15_000);

  it("offers an administrator a change of phone, not just turning it off", async () => {
    answerStatus({ ativa: true, obrigatoria: true, codigos_restantes: 1 });
    renderRoute(<SecondFactorPage />);

    expect(await screen.findByText('Ativa. Resta 1 código de recuperação.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trocar de aparelho' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar e ativar no novo aparelho' })).toBeInTheDocument();
  });
});
