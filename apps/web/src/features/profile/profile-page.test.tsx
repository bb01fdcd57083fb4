import type { Evaluation } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEWAL_URL } from '../../lib/session/follow-up';
import { buildClient, buildEvaluation } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn } from '../../testing/test-utils';
import { downloadEvaluationPdf } from './evaluation-pdf';

vi.mock('./evaluation-pdf', () => ({ downloadEvaluationPdf: vi.fn() }));

const evaluations: Evaluation[] = [
  buildEvaluation({ id: 3, created_at: '2026-03-15T10:00:00.000Z', vencimento: '2026-05-14', peso: 67.5, altura: 165, percentual_gordura: 26.4, objetivo: 'Emagrecimento' }),
  buildEvaluation({ id: 2, created_at: '2026-01-14T10:00:00.000Z', peso: 69.8, percentual_gordura: 28.9 }),
  buildEvaluation({ id: 1, created_at: '2025-11-15T10:00:00.000Z', peso: 72.4, percentual_gordura: 31.2 }),
];

function answer(list: Evaluation[], client = buildClient()) {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: list })),
    http.get(apiUrl('/v2/clientes/1'), () => HttpResponse.json(client)),
  );
}

async function renderProfile() {
  signIn();
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Perfil' });
  return view;
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

beforeEach(() => {
  // Only the clock is fixed; timers stay real for the requests and the user events.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 3, 1, 12));
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(downloadEvaluationPdf).mockReset();
});

describe('/profile', () => {
  it('shows weight, height and the age from the birth date in tiles', async () => {
    answer(evaluations);
    await renderProfile();

    await screen.findByText('Peso', { selector: 'dt' });
    expect(tile('Peso')).toHaveTextContent('67,5kg');
    expect(tile('Altura')).toHaveTextContent('165cm');
    // Born 1994-03-15: 32 on 2026-04-01.
    await waitFor(() => expect(tile('Idade')).toHaveTextContent('32anos'));
  });

  it('counts the age in completed years: the day before the birthday is one year less', async () => {
    vi.setSystemTime(new Date(2026, 2, 14, 12));
    answer(evaluations);
    await renderProfile();

    await screen.findByText('Idade', { selector: 'dt' });
    await waitFor(() => expect(tile('Idade')).toHaveTextContent('31anos'));
  });

  it('shows the goal, the last evaluation date and the end of the follow-up with Renovar', async () => {
    answer(evaluations);
    await renderProfile();

    expect(await screen.findByRole('heading', { name: 'Objetivo' })).toBeInTheDocument();
    expect(screen.getByText('Emagrecimento')).toBeInTheDocument();
    expect(screen.getByText('Última avaliação: 15/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Ativo até 14/05/2026')).toBeInTheDocument();
    const renew = screen.getByRole('link', { name: 'Renovar' });
    expect(renew).toHaveAttribute('href', RENEWAL_URL);
    expect(renew).toHaveAttribute('target', '_blank');
  });

  it("reads numbers given as text, and shows '-' for an age it cannot read", async () => {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
        HttpResponse.json({ results: [{ ...buildEvaluation(), id: '1', peso: '67,5', altura: '165', bioimpedancia: {} }] }),
      ),
      http.get(apiUrl('/v2/clientes/1'), () => HttpResponse.json({ ...buildClient(), data_nascimento: '15/03/1994' })),
    );
    await renderProfile();

    await screen.findByText('Peso', { selector: 'dt' });
    expect(tile('Peso')).toHaveTextContent('67,5kg');
    expect(tile('Altura')).toHaveTextContent('165cm');
    await waitFor(() => expect(tile('Idade')).toHaveTextContent('-anos'));
  });

  it('says when the follow-up has ended', async () => {
    answer([buildEvaluation({ vencimento: '2026-03-20' })]);
    await renderProfile();

    expect(await screen.findByText('Encerrado em 20/03/2026')).toBeInTheDocument();
  });

  it('downloads the PDF with the client, the birth date and every evaluation, the button spinning meanwhile', async () => {
    let finish = () => {};
    vi.mocked(downloadEvaluationPdf).mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    answer(evaluations);
    const { user } = await renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Baixar PDF' }));

    expect(downloadEvaluationPdf).toHaveBeenCalledWith({ nome: 'Ana Paula Souza', birthDate: '1994-03-15', evaluations });
    expect(screen.getByRole('button', { name: 'Baixar PDF' })).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Baixar PDF' })).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the PDF cannot be made', async () => {
    vi.mocked(downloadEvaluationPdf).mockRejectedValue(new Error('chunk failed'));
    answer(evaluations);
    const { user } = await renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Baixar PDF' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível gerar o PDF. Tente novamente.');
  });

  it('charts weight and body fat across the evaluations, with the numbers as a table for screen readers', async () => {
    answer(evaluations);
    await renderProfile();

    const chart = await screen.findByRole('region', { name: 'Sua evolução' });
    expect(within(chart).getByText('Peso (kg)')).toBeInTheDocument();
    expect(within(chart).getByText('Gordura corporal (%)')).toBeInTheDocument();
    expect(within(chart).getByText('−4,9 kg desde 15/11/2025')).toBeInTheDocument();
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DataPesoGordura corporal',
      '15/11/202572,4 kg31,2 %',
      '14/01/202669,8 kg28,9 %',
      '15/03/202667,5 kg26,4 %',
    ]);
  });

  it('charts weight alone when body fat was never measured, and nothing for a single evaluation', async () => {
    answer(evaluations.map((evaluation) => ({ ...evaluation, percentual_gordura: null })));
    const { unmount } = await renderProfile();

    const chart = await screen.findByRole('region', { name: 'Sua evolução' });
    expect(within(chart).getByText('Peso (kg)')).toBeInTheDocument();
    expect(within(chart).queryByText('Gordura corporal (%)')).not.toBeInTheDocument();
    unmount();

    answer([evaluations[0]!]);
    await renderProfile();
    await screen.findByRole('button', { name: 'Baixar PDF' });
    expect(screen.queryByRole('region', { name: 'Sua evolução' })).not.toBeInTheDocument();
  });

  it('shows the no-evaluation message and nothing else when there is no evaluation', async () => {
    answer([]);
    await renderProfile();

    expect(
      await screen.findByText('Você terá acesso a mais informações após a criação de sua avaliação antropométrica.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Baixar PDF' })).not.toBeInTheDocument();
    expect(screen.queryByText('Peso')).not.toBeInTheDocument();
  });

  it('offers to try again when the evaluations cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
        HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado' }, { status: 404 }),
      ),
    );
    const { user } = await renderProfile();

    expect(await screen.findByText('Não foi possível carregar seu perfil.')).toBeInTheDocument();
    answer(evaluations);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Última avaliação: 15/03/2026')).toBeInTheDocument();
  });
});
