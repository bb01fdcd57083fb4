import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('keeps its name while pending, and cannot be pressed', async () => {
    const onClick = vi.fn();
    render(
      <Button pending onClick={onClick}>
        Entrar
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is pressable and not busy otherwise', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Entrar</Button>);

    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('stays disabled when asked, pending or not', () => {
    render(<Button disabled>Salvar</Button>);

    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });
});
