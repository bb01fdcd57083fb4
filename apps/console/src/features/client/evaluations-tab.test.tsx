import type { Evaluation } from '@acompanha/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, parseISO } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { EvaluationsTab } from './evaluations-tab';

const EVALUATIONS = '/api/v1/equipe/clientes/:id/avaliacoes';

const JANUARY = '2026-01-10T12:00:00.000Z';
const MARCH = '2026-03-15T12:00:00.000Z';
const MAY = '2026-05-20T12:00:00.000Z';
/** The day the console shows for an instant: its own calendar's, whatever its time zone. */
const day = (iso: string) => format(parseISO(iso), 'dd/MM/yyyy');

function buildEvaluation(overrides: Partial<Evaluation> & Pick<Evaluation, 'id' | 'created_at'>): Evaluation {
  return { plano: 'PRO', vencimento: '2026-12-31', peso: 70, altura: 165, objetivo: 'Emagrecimento', consumo_ideal_agua: 2500, observacoes: null, profissional: null, ...overrides };
}

/** As the API sends them: oldest first. */
const evaluations: Evaluation[] = [
  buildEvaluation({ id: 1, created_at: JANUARY, plano: 'BASIC', peso: 72.4, percentual_gordura: 31.2, circunferencia_cintura: 84 }),
  buildEvaluation({ id: 2, created_at: MARCH, peso: 69.8, percentual_gordura: 28.9, massa_magra: 49.6, circunferencia_cintura: 80, circunferencia_peito: null }),
  buildEvaluation({ id: 3, created_at: MAY, plano: 'ULTIMATE', peso: 67.5, percentual_gordura: 26.4, massa_magra: 49.7 }),
];

function answer(results: unknown[]) {
  server.use(
    http.get(EVALUATIONS, ({ params }) =>
      params.id === '7' ? HttpResponse.json({ results }) : HttpResponse.json({ status: 404, error: 'Not Found', message: 'Cliente não encontrado.' }, { status: 404 }),
    ),
  );
}

const renderTab = () => renderRoute(<EvaluationsTab />, { pattern: '/clientes/:id/avaliacoes', path: '/clientes/7/avaliacoes' });

const table = () => within(screen.getByRole('region', { name: 'Medidas de cada avaliação' })).getByRole('table');
const columns = () => within(table()).getAllByRole('columnheader').map((header) => header.textContent);

/** The text of each body row's cells, header cell first. */
function bodyRows(): string[][] {
  const [, ...rows] = within(table()).getAllByRole('row');
  return rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('EvaluationsTab', () => {
  it('lists every evaluation newest first, with only the measurements some evaluation has', async () => {
    answer(evaluations);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(screen.getByRole('heading', { level: 2, name: 'Medidas ao longo do tempo' })).toBeInTheDocument();
    // No evaluation measured the hips, arms, thighs or chest: those columns are left out.
    expect(columns()).toEqual(['Data', 'Plano', 'Peso (kg)', 'Altura (cm)', '% gordura', 'Massa magra (kg)', 'Cintura (cm)']);
    expect(bodyRows()).toEqual([
      [day(MAY), 'ULTIMATE', '67,5', '165', '26,4', '49,7', '–Não medido'],
      [day(MARCH), 'PRO', '69,8', '165', '28,9', '49,6', '80'],
      [day(JANUARY), 'BASIC', '72,4', '165', '31,2', '–Não medido', '84'],
    ]);
  });

  it('scrolls the table inside a region a keyboard can reach', async () => {
    answer(evaluations);
    renderTab();

    const region = await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(region).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('charts weight and body fat over time, with their change since the first evaluation', async () => {
    answer(evaluations);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    const [weight, bodyFat, ...others] = screen.getAllByRole('figure');
    expect(others).toHaveLength(0);
    expect(weight).toHaveTextContent(`Peso (kg)−4,9 kg desde ${day(JANUARY)}`);
    expect(bodyFat).toHaveTextContent(`% gordura−4,8 pontos desde ${day(JANUARY)}`);
  });

  it('charts body fat only when two evaluations measured it', async () => {
    answer([
      buildEvaluation({ id: 1, created_at: JANUARY, peso: 72.4 }),
      buildEvaluation({ id: 2, created_at: MARCH, peso: 73.1, percentual_gordura: 22 }),
    ]);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(1);
    expect(figures[0]).toHaveTextContent(`Peso (kg)+0,7 kg desde ${day(JANUARY)}`);
    expect(columns()).toContain('% gordura');
  });

  it('shows a single evaluation as a table, without charts', async () => {
    answer([buildEvaluation({ id: 1, created_at: JANUARY, peso: 72.4, altura: 178 })]);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(columns()).toEqual(['Data', 'Plano', 'Peso (kg)', 'Altura (cm)']);
    expect(bodyRows()).toEqual([[day(JANUARY), 'PRO', '72,4', '178']]);
  });

  it('reads a measurement sent as text, with a decimal comma', async () => {
    answer([{ ...buildEvaluation({ id: 1, created_at: JANUARY }), peso: '72,4', circunferencia_braco: '29.5' }]);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(bodyRows()).toEqual([[day(JANUARY), 'PRO', '72,4', '165', '29,5']]);
  });

  it("adds the skinfolds some evaluation measured, and lists the notes the client read, newest first, signed by who published them", async () => {
    answer([
      buildEvaluation({ id: 1, created_at: JANUARY, dobra_triceps: 24, observacoes: 'Bem-vinda!', profissional: null }),
      buildEvaluation({ id: 2, created_at: MARCH, dobra_triceps: 21.5, dobra_axilar_media: 15, observacoes: null }),
      buildEvaluation({
        id: 3,
        created_at: MAY,
        observacoes: 'Durma de 7 a 8 horas.\nMantenha a proteína.',
        profissional: { nome: 'Rafael Costa', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' },
      }),
    ]);
    renderTab();

    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(columns()).toEqual(['Data', 'Plano', 'Peso (kg)', 'Altura (cm)', 'Dobra do tríceps (mm)', 'Dobra axilar média (mm)']);
    expect(bodyRows()[1]).toEqual([day(MARCH), 'PRO', '70', '165', '21,5', '15']);
    const notes = screen.getByRole('region', { name: 'Observações para o cliente' });
    const items = within(notes).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${day(MAY)} · Rafael Costa · CREF 012345-G/SP` + 'Durma de 7 a 8 horas.\nMantenha a proteína.',
      `${day(JANUARY)}Bem-vinda!`,
    ]);
  });

  it('says so when the client has no evaluation yet', async () => {
    answer([]);
    renderTab();

    expect(await screen.findByText('Nenhuma avaliação ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message and tries again on request", async () => {
    answer(evaluations);
    // Handlers added later answer first: the first call fails, the next one reaches the evaluations.
    server.use(http.get(EVALUATIONS, () => HttpResponse.json({ status: 500, error: 'Internal Server Error', message: 'Erro interno.' }, { status: 500 }), { once: true }));
    renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro interno.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('region', { name: 'Medidas de cada avaliação' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a loading state until the evaluations arrive', async () => {
    answer(evaluations);
    renderTab();

    expect(screen.getByRole('status')).toHaveTextContent('Carregando avaliações…');
    await screen.findByRole('region', { name: 'Medidas de cada avaliação' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
