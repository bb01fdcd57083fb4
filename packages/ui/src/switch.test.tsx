import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';

function Labelled() {
  const [on, setOn] = useState(false);
  return (
    <>
      <label htmlFor="water">Água</label>
      <Switch id="water" checked={on} onCheckedChange={setOn} />
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label, toggled by a click, Space or Enter', async () => {
    render(<Labelled />);
    const toggle = screen.getByRole('switch', { name: 'Água' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByText('Água'));
    expect(toggle).not.toBeChecked();
  });
});
