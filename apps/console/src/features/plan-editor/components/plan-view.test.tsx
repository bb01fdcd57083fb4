import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPlanFile } from '../model/plan-form';
import { PlanView } from './plan-view';

const plan = (evaluation: Record<string, unknown>) =>
  fromPlanFile({ evaluation: { plano: 'PRO', data_consulta: '2026-11-02', peso: 67.5, altura: 165, objetivo: 'Força', ...evaluation }, workouts: [], diets: [] });

describe('PlanView', () => {
  it('shows the skinfolds measured and the notes for the client', () => {
    render(<PlanView plan={plan({ dobra_triceps: 18.5, dobra_axilar_media: 12, observacoes: 'Beba água.\nDurma bem.' })} />);
    const evaluation = screen.getByRole('region', { name: 'Avaliação' });
    const terms = within(evaluation).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(['Dobra do tríceps (mm)', 'Dobra axilar média (mm)', 'Observações para o cliente']));
    expect(terms).not.toContain('Dobra da coxa (mm)');
    expect(within(evaluation).getByText('18,5')).toBeInTheDocument();
    expect(within(evaluation).getByText(/Beba água\.\s+Durma bem\./)).toBeInTheDocument();
  });

  it('leaves the notes out when there are none', () => {
    render(<PlanView plan={plan({ observacoes: '  ' })} />);
    expect(screen.queryByText('Observações para o cliente')).not.toBeInTheDocument();
  });
});
