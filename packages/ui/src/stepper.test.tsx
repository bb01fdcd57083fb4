import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

function Load({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return (
    <Stepper value={value} min={0} max={10} onValueChange={setValue} decrementLabel="Menos 1 kg" incrementLabel="Mais 1 kg" aria-label="Carga">
      {value}
    </Stepper>
  );
}

describe('Stepper', () => {
  it('steps by 1 to one decimal, and stops at its limits with the button there disabled', async () => {
    const user = userEvent.setup();
    render(<Load start={8.5} />);
    const group = screen.getByRole('group', { name: 'Carga' });

    await user.click(screen.getByRole('button', { name: 'Mais 1 kg' }));
    expect(group).toHaveTextContent('9.5');
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg' }));
    expect(group).toHaveTextContent('10');
    expect(screen.getByRole('button', { name: 'Mais 1 kg' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Menos 1 kg' }));
    expect(group).toHaveTextContent('9');
  });
});
