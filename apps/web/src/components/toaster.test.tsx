import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:00:00-03:00'));
});
afterEach(() => vi.useRealTimers());

const region = () => screen.getByRole('region', { name: 'Notificações' });

describe('Toaster', () => {
  it('reads each toast out from a live region that was there before it, and takes it away after 4 s', () => {
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    const onAutoClose = vi.fn();
    act(() => void toast.success('Descanso concluído!', { description: 'É hora de começar sua próxima série.', onAutoClose }));
    expect(within(region()).getByText('Descanso concluído!')).toBeVisible();
    expect(within(region()).getByText('É hora de começar sua próxima série.')).toBeVisible();
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText('Descanso concluído!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Descanso concluído!')).not.toBeInTheDocument();
    expect(onAutoClose).toHaveBeenCalledOnce();
  });

  it('shows at most 3, the newest on top; a waiting one shows when a place frees up', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast(`Aviso ${n}`, { duration: n === 1 ? 10_000 : 4000 });
    });
    expect(within(region()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Aviso 4', 'Aviso 3', 'Aviso 2']);
    act(() => vi.advanceTimersByTime(4000));
    // The first one's time starts only now that it shows.
    expect(within(region()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Aviso 1']);
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.getByText('Aviso 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Aviso 1')).not.toBeInTheDocument();
  });

  it('stops the time while the pointer is on the toasts, and goes on with what was left', () => {
    render(<Toaster />);
    act(() => void toast('Resumo copiado.'));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerEnter(within(region()).getByRole('list'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Resumo copiado.')).toBeInTheDocument();
    fireEvent.pointerLeave(within(region()).getByRole('list'));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Resumo copiado.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Resumo copiado.')).not.toBeInTheDocument();
  });

  it('runs its action and closes, without calling it dismissed', () => {
    render(<Toaster />);
    const onClick = vi.fn();
    const onDismiss = vi.fn();
    const onAutoClose = vi.fn();
    act(() => void toast('Série removida.', { duration: 10_000, action: { label: 'Desfazer', onClick }, onDismiss, onAutoClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('Série removida.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(onDismiss).not.toHaveBeenCalled();
    expect(onAutoClose).not.toHaveBeenCalled();
  });

  it('is dismissed by the app (one or all) or by a swipe, and says so', () => {
    render(<Toaster />);
    const dismissed = [vi.fn(), vi.fn(), vi.fn()];
    let first = 0;
    act(() => {
      first = toast('Um', { onDismiss: dismissed[0] });
      toast.error('Dois', { onDismiss: dismissed[1] });
    });
    act(() => toast.dismiss(first));
    expect(dismissed[0]).toHaveBeenCalledOnce();
    expect(screen.queryByText('Um')).not.toBeInTheDocument();
    act(() => toast.dismiss());
    expect(dismissed[1]).toHaveBeenCalledOnce();

    act(() => void toast('Três', { onDismiss: dismissed[2] }));
    const item = within(region()).getByRole('listitem');
    fireEvent.pointerDown(item, { clientX: 100 });
    fireEvent.pointerMove(item, { clientX: 130 });
    fireEvent.pointerUp(item, { clientX: 130 });
    expect(screen.getByText('Três')).toBeInTheDocument();
    fireEvent.pointerDown(item, { clientX: 100 });
    fireEvent.pointerMove(item, { clientX: 160 });
    fireEvent.pointerUp(item, { clientX: 160 });
    expect(screen.queryByText('Três')).not.toBeInTheDocument();
    expect(dismissed[2]).toHaveBeenCalledOnce();
  });

  it('keeps a toast without an end until it is dismissed', () => {
    render(<Toaster />);
    let id = 0;
    act(() => void (id = toast('Nova versão disponível', { duration: Infinity })));
    act(() => vi.advanceTimersByTime(3_600_000));
    expect(screen.getByText('Nova versão disponível')).toBeInTheDocument();
    act(() => toast.dismiss(id));
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();
  });
});
