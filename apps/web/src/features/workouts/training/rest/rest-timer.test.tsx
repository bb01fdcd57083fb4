import { act, render, screen } from '@testing-library/react';
import { Profiler, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../../testing/test-utils';
import { formatCountdown, RestTimerProvider, useRestActions, useRestTimer } from './rest-timer';

/** Starts a 30 s rest when asked. */
function Starter() {
  const { start } = useRestActions();
  return (
    <button type="button" onClick={() => start({ workoutId: 7, exerciseId: 1, title: 'Agachamento livre', seconds: 30 })}>
      Iniciar
    </button>
  );
}

function Countdown({ onSecond }: { onSecond: (seconds: number) => void }) {
  const { running } = useRestTimer();
  useEffect(() => {
    if (running) onSecond(running.secondsLeft);
  });
  return <p>{running ? formatCountdown(running.secondsLeft) : 'parado'}</p>;
}

describe('the rest timer', () => {
  // The rest is the signed-in client's (SPEC.md §4).
  beforeEach(() => signIn());
  afterEach(() => vi.useRealTimers());

  it('renders again each second only what shows the countdown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-03-10T18:30:00Z') });
    const renders = { count: 0 };
    const seconds: number[] = [];
    render(
      <RestTimerProvider>
        <Profiler id="starter" onRender={() => (renders.count += 1)}>
          <Starter />
        </Profiler>
        <Countdown onSecond={(left) => seconds.push(left)} />
      </RestTimerProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Iniciar' }).click());
    const afterStart = renders.count;

    act(() => void vi.advanceTimersByTime(5000));

    expect(screen.getByText('0:25')).toBeInTheDocument();
    expect(seconds.at(-1)).toBe(25);
    expect(renders.count).toBe(afterStart);
  });
});
