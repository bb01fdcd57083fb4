import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../testing/test-utils';
import { renderWorkout, stubNotifications, restoreTimersAndStubs } from './workout-page.testing';

afterEach(restoreTimersAndStubs);

describe('notification permission notice', () => {
  it("asks with 'Permitir' when undecided, and hides once granted", async () => {
    const { requestPermission } = stubNotifications('default', 'granted');
    const { user } = renderWorkout();

    await user.click(await screen.findByRole('button', { name: 'Permitir' }));

    expect(requestPermission).toHaveBeenCalledTimes(1);
    // The answer comes back as a promise: the notice goes once the app has it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Permitir' })).not.toBeInTheDocument());
  });

  it('says notifications are blocked when denied', async () => {
    stubNotifications('denied');
    renderWorkout();

    expect(await screen.findByText(/As notificações estão bloqueadas/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Permitir' })).not.toBeInTheDocument();
  });

  it('shows nothing once granted', async () => {
    stubNotifications('granted');
    renderWorkout();
    await screen.findAllByRole('tab');

    expect(screen.queryByRole('button', { name: 'Permitir' })).not.toBeInTheDocument();
    expect(screen.queryByText(/notificações/)).not.toBeInTheDocument();
  });
});

describe('rest timer', () => {
  /** Loads the screen on real timers, then takes over the clock. */
  async function loadThenFakeTime(permission: NotificationPermission = 'granted') {
    const notifications = stubNotifications(permission);
    const view = renderWorkout();
    await screen.findAllByRole('tab');
    vi.useFakeTimers();
    return { ...view, notifications };
  }

  // One more millisecond than asked, so that what the rest's last tick sets off (its toast) has run too.
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms + 1));
  const timer = () => screen.getByRole('timer');
  // The toasts live in one module-wide store (lib/toast.ts), so an earlier test's toast may still be listed.
  const doneToasts = () => screen.queryAllByText('Descanso concluído!').length;

  it('counts down each second from the rest time', async () => {
    await loadThenFakeTime();

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    expect(timer()).toHaveTextContent('1:30');
    tick(999);
    expect(timer()).toHaveTextContent('1:29');
    tick(29_000);
    expect(timer()).toHaveTextContent('1:00');
  });

  it('keeps to the wall clock when timers are throttled', async () => {
    await loadThenFakeTime();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));

    // The page was in the background: the clock moved on, no timer fired.
    vi.setSystemTime(Date.now() + 60_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

    expect(timer()).toHaveTextContent('0:30');
  });

  it('runs one rest at a time, across tabs, and survives switching tabs', async () => {
    await loadThenFakeTime();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    tick(5000);

    const tabs = screen.getAllByRole('tab');
    // Choosing an exercise is a navigation (?exercicio=): its promises settle within act.
    await act(async () => fireEvent.mouseDown(tabs[1]!));
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Iniciar descanso' })).toBeDisabled();
    expect(screen.getByText('1:25')).toBeInTheDocument();

    tick(5000);
    await act(async () => fireEvent.mouseDown(tabs[0]!));
    expect(timer()).toHaveTextContent('1:20');
  });

  it("at 0 plays the sound, shows the toast and a notification, and frees the start buttons", async () => {
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      if (!this.muted) played.push(this.src);
      return Promise.resolve();
    });
    const { notifications } = await loadThenFakeTime('granted');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));

    const before = doneToasts();
    tick(89_000);
    expect(doneToasts()).toBe(before);
    expect(played).toEqual([]);
    tick(1000);

    expect(doneToasts()).toBe(before + 1);
    expect(played).toEqual([expect.stringContaining('rest-done.wav')]);
    expect(screen.getAllByText('É hora de começar sua próxima série.').length).toBeGreaterThan(0);
    expect(notifications.shown).toEqual([
      { title: 'Descanso concluído!', options: expect.objectContaining({ body: 'É hora de começar sua próxima série.' }) },
    ]);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar descanso' })).toBeEnabled();
  });

  it('only logs a sound the browser refuses to play', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'));
    await loadThenFakeTime();
    const before = doneToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));

    tick(90_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(doneToasts()).toBe(before + 1);
    expect(errors).toHaveBeenCalledWith('The rest-timer sound could not be played', expect.any(Error));
  });

  it('shows no browser notification without permission', async () => {
    const { notifications } = await loadThenFakeTime('denied');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = doneToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));

    tick(90_000);

    expect(doneToasts()).toBe(before + 1);
    expect(notifications.shown).toEqual([]);
  });

  it("'Cancelar descanso' stops it: no end, start enabled again", async () => {
    await loadThenFakeTime();
    const before = doneToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    tick(10_000);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar descanso' }));
    tick(120_000);

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(doneToasts()).toBe(before);
    expect(screen.getByRole('button', { name: 'Iniciar descanso' })).toBeEnabled();
  });

  it('asks for notification permission on start when undecided, and only then', async () => {
    const { notifications } = await loadThenFakeTime('default');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
    expect(timer()).toHaveTextContent('1:30');
  });

  it('does not ask again once decided', async () => {
    const { notifications } = await loadThenFakeTime('denied');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    expect(notifications.requestPermission).not.toHaveBeenCalled();
  });

  /** Presses the focused control as the keyboard would: it keeps the focus it had. */
  const press = (control: HTMLElement) => {
    control.focus();
    fireEvent.click(control);
  };

  it('keeps focus on its control when starting, cancelling and at the end', async () => {
    await loadThenFakeTime();
    const control = screen.getByRole('button', { name: 'Iniciar descanso' });

    press(control);
    expect(screen.getByRole('button', { name: 'Cancelar descanso' })).toBe(control);
    expect(control).toHaveFocus();

    press(control);
    expect(screen.getByRole('button', { name: 'Iniciar descanso' })).toBe(control);
    expect(control).toHaveFocus();

    press(control);
    tick(90_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar descanso' })).toHaveFocus();
  });

  it('is announced when it starts, is cancelled and ends, never each second', async () => {
    await loadThenFakeTime();
    expect(screen.queryByText(/^Descanso de \d+ segundos iniciado\.$/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    // The rest timer serves every signed-in screen: its live region sits beside the main content.
    const announcement = screen.getByText('Descanso de 90 segundos iniciado.');
    expect(announcement).toHaveAttribute('role', 'status');
    tick(30_000);
    expect(timer()).toHaveTextContent('1:00');
    expect(announcement).toHaveTextContent('Descanso de 90 segundos iniciado.');
    // The countdown changes every second outside any live region.
    expect(timer()).not.toHaveAttribute('aria-live');
    expect(timer().closest('[aria-live], [role="status"], [role="alert"], [role="log"]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar descanso' }));
    expect(announcement).toHaveTextContent('Descanso cancelado.');

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    expect(announcement).toHaveTextContent('Descanso de 90 segundos iniciado.');
    tick(90_000);
    // The end is said once, by the toast in the toaster's live region; the start is no longer current.
    expect(announcement).toBeEmptyDOMElement();
    const done = screen.getAllByText('Descanso concluído!').at(-1)!;
    expect(done.closest('[aria-live="polite"]')).not.toBeNull();
  });
});

describe('a rest that follows the client', () => {
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms + 1));
  const restBar = () => screen.queryByRole('region', { name: 'Descanso em andamento' });

  /**
   * The wall clock stands still from here (timeouts stay real, for the screens to load), so that a
   * busy machine's seconds never show in a countdown.
   */
  const stopTheWallClock = () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  };

  /** Starts the squat's rest on the workout, goes home by the bottom navigation, then takes over the clock. */
  async function restThenGoHome() {
    stopTheWallClock();
    stubNotifications('granted');
    const view = renderWorkout();
    await screen.findAllByRole('tab');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar descanso' }));
    // The workout shows the whole countdown: no bar on its own screen.
    expect(restBar()).not.toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Navegação principal' })).getByRole('link', { name: 'Início' }));
    await screen.findByRole('region', { name: 'Descanso em andamento' });
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(now);
    // The countdown's next wake-up is set on the fake clock from here on.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    return view;
  }

  it('shows above the bottom navigation on other screens, with −15 s and +15 s', async () => {
    await restThenGoHome();
    const bar = restBar()!;
    expect(bar).toBeInTheDocument();
    expect(within(bar).getByRole('link')).toHaveTextContent(/^Descanso1:30Agachamento livre$/);
    expect(within(bar).getByRole('timer')).toHaveTextContent('1:30');

    tick(10_000);
    expect(within(bar).getByRole('timer')).toHaveTextContent('1:20');
    fireEvent.click(within(bar).getByRole('button', { name: '+15 s de descanso' }));
    expect(within(bar).getByRole('timer')).toHaveTextContent('1:35');
    fireEvent.click(within(bar).getByRole('button', { name: '−15 s de descanso' }));
    fireEvent.click(within(bar).getByRole('button', { name: '−15 s de descanso' }));
    expect(within(bar).getByRole('timer')).toHaveTextContent('1:05');
  });

  it('takes the client back to the exercise of the rest when tapped', async () => {
    await restThenGoHome();
    stopTheWallClock();
    fireEvent.click(within(restBar()!).getByRole('link'));
    expect(await screen.findByRole('tab', { name: 'Agachamento livre', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Tempo de descanso restante' })).toHaveTextContent('1:30');
    expect(restBar()).not.toBeInTheDocument();
  });

  it('ends on another screen with the sound, a vibration and the toast', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    await restThenGoHome();
    tick(90_000);
    expect(restBar()).not.toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Descanso concluído!').length).toBeGreaterThan(0);
  });

  it('keeps its wall-clock end across a reload', async () => {
    await restThenGoHome();
    const stored = JSON.parse(localStorage.getItem('rest-timer')!);
    expect(stored).toEqual({ userId: 1, workoutId: 7, exerciseId: 101, title: 'Agachamento livre', endsAt: expect.any(Number) });
    cleanup();
    stopTheWallClock();

    // Opened again with a minute of the rest left: the bar takes it up where the clock says.
    localStorage.setItem('rest-timer', JSON.stringify({ ...stored, endsAt: Date.now() + 60_000 }));
    renderApp('/');
    const bar = await screen.findByRole('region', { name: 'Descanso em andamento' });
    expect(within(bar).getByRole('timer').textContent).toMatch(/^(1:00|0:59)$/);
  });

  it("never shows another account's rest: the rest is the signed-in client's", async () => {
    localStorage.setItem('rest-timer', JSON.stringify({ userId: 2, workoutId: 7, exerciseId: 101, title: 'Agachamento livre', endsAt: Date.now() + 60_000 }));
    signIn();
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(restBar()).not.toBeInTheDocument();
  });

  it('forgets a rest that ended long before the app opened again', async () => {
    localStorage.setItem('rest-timer', JSON.stringify({ userId: 1, workoutId: 7, exerciseId: 101, title: 'Agachamento livre', endsAt: Date.now() - 5 * 60_000 }));
    signIn();
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(restBar()).not.toBeInTheDocument();
    expect(localStorage.getItem('rest-timer')).toBeNull();
  });
});
