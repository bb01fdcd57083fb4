import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../../testing/factories';
import { EvaluationNotesCard } from './evaluation-notes-card';

const rafael = { nome: 'Rafael Costa', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' } as const;

describe('EvaluationNotesCard', () => {
  it("shows the latest evaluation's notes, line by line, signed with the professional's name and registration", () => {
    render(<EvaluationNotesCard latest={buildEvaluation({ observacoes: 'Durma de 7 a 8 horas.\nMantenha a proteína.', profissional: rafael })} />);

    expect(screen.getByRole('heading', { level: 2, name: 'Observações do profissional' })).toBeInTheDocument();
    expect(screen.getByText('Rafael Costa · CREF 012345-G/SP')).toBeInTheDocument();
    const notes = screen.getByText(/Durma de 7 a 8 horas\./);
    expect(notes.textContent).toBe('Durma de 7 a 8 horas.\nMantenha a proteína.');
    expect(notes).toHaveClass('whitespace-pre-line');
  });

  it('signs with the name alone when there is no registration, and not at all when no one is known', () => {
    const { rerender } = render(<EvaluationNotesCard latest={buildEvaluation({ observacoes: 'Beba água.', profissional: { ...rafael, nome: 'Helena Prado', registro: null } })} />);
    expect(screen.getByText('Helena Prado')).toBeInTheDocument();

    rerender(<EvaluationNotesCard latest={buildEvaluation({ observacoes: 'Beba água.', profissional: null })} />);
    expect(screen.getByText('Beba água.')).toBeInTheDocument();
    expect(screen.queryByText('Helena Prado')).not.toBeInTheDocument();
  });

  it('shows nothing without notes', () => {
    const { container } = render(<EvaluationNotesCard latest={buildEvaluation({ observacoes: null, profissional: rafael })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
