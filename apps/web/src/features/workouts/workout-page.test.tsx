import type { Exercise } from '@acompanha/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildExercise, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn, type DeviceStore } from '../../testing/test-utils';
import { recordRequests } from '../../testing/record-requests';
import { currentUserIdOrNull } from '../../lib/session/current-user';
import { STORAGE_KEYS } from '../../lib/storage';

const squat = buildExercise({
  id: 101,
  carga: 30,
  tempo_descanso: 90,
  observacao: 'Desça até as coxas ficarem paralelas ao chão.',
  atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/abcdefghijk' },
});
const calf = buildExercise({
  id: 102,
  series: 3,
  repeticoes: '15-20',
  carga: null,
  tempo_descanso: 45,
  atividade: { titulo: 'Panturrilha em pé', grupo_muscular: 'Panturrilhas', video: null },
});
const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });

function renderWorkout({
  workout = () => HttpResponse.json(buildWorkout({ id: 7, titulo: 'Treino A - Inferiores', dias: ['QUINTA', 'SEGUNDA'], observacao: 'Aqueça 10 minutos.' })),
  exercises = () => HttpResponse.json(paged([squat, calf])),
  device,
}: {
  workout?: () => Response | Promise<Response>;
  exercises?: () => Response | Promise<Response>;
  device?: DeviceStore;
} = {}) {
  server.use(
    http.get(apiUrl('/v1/treinos/7'), workout),
    http.get(apiUrl('/v1/treinos/7/exercicios'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      return params.get('page') === '0' && params.get('size') === '50' ? exercises() : notFound();
    }),
  );
  signIn();
  return renderApp('/workout/7', { device });
}

/** A stand-in for the browser's Notification API with the given permission. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{ title: string; options?: NotificationOptions }> = [];
  const NotificationStub = vi.fn(function (this: unknown, title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }) as unknown as typeof Notification & { requestPermission: ReturnType<typeof vi.fn> };
  Object.defineProperty(NotificationStub, 'permission', { get: () => permission, configurable: true });
  NotificationStub.requestPermission = vi.fn(async () => {
    permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', NotificationStub);
  return { shown, requestPermission: NotificationStub.requestPermission };
}

afterEach(() => {
  // Timers still queued (the toaster's) run now, against this test's screen, not the next one's.
  if (vi.isFakeTimers()) act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('workout screen', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  it('shows the back link, title, days badge, links to mobility and methods, and the observacao', async () => {
    renderWorkout();

    // The first render of the file also loads the route's module: slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Segunda, Quinta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Mobilidade' })).toHaveAttribute('href', '/mobility');
    expect(screen.getByRole('link', { name: 'Métodos de treinamento' })).toHaveAttribute('href', '/exercise-methods');
    expect(screen.getByRole('note')).toHaveTextContent('Aqueça 10 minutos.');
  });

  it("is titled with the workout's title once loaded, 'Treino' before", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderWorkout({
      workout: async () => {
        await released;
        return HttpResponse.json(buildWorkout({ id: 7, titulo: 'Treino A – Inferiores' }));
      },
    });

    await screen.findByRole('link', { name: 'Voltar para o início' }, { timeout: 5000 });
    expect(document.title).toBe('Treino · Acompanha');
    release();

    await waitFor(() => expect(document.title).toBe('Treino A – Inferiores · Acompanha'));
  });

  it('leaves the note out when the workout has no observacao', async () => {
    renderWorkout({ workout: () => HttpResponse.json(buildWorkout({ id: 7, observacao: null })) });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('gives each exercise a tab named after its activity, with its details in the panel', async () => {
    const { user } = renderWorkout();

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Agachamento livre', 'Panturrilha em pé']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Agachamento livre' })).toBeInTheDocument();
    expect(within(panel).getByText('Quadríceps')).toBeInTheDocument();
    expect(detail(panel, 'Séries')).toBe('4');
    expect(detail(panel, 'Repetições')).toBe('10-12');
    expect(detail(panel, 'Carga')).toBe('30 kg');
    expect(detail(panel, 'Descanso')).toBe('90 s');
    expect(within(panel).getByText('Desça até as coxas ficarem paralelas ao chão.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reproduzir vídeo: Agachamento livre' })).toBeInTheDocument();
    expect(panel.querySelector('iframe')).toBeNull();

    await user.click(tabs[1]!);

    expect(await screen.findByRole('heading', { name: 'Panturrilha em pé' })).toBeInTheDocument();
    const second = screen.getByRole('tabpanel');
    expect(detail(second, 'Carga')).toBe('-');
    expect(detail(second, 'Descanso')).toBe('45 s');
    expect(within(second).queryByRole('button', { name: /Reproduzir vídeo/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Ver execução no YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/results?search_query=Panturrilha%20em%20p%C3%A9',
    );
  });

  it("shows a backend's looser answer: numbers as text, string ids, no video, unknown fields", async () => {
    renderWorkout({
      workout: () =>
        HttpResponse.json({ id: '7', titulo: 'Treino B - Costas', dias: ['terça', 'SÁBADO', 'FERIADO'], versao: 3 }),
      exercises: () =>
        HttpResponse.json({
          results: [
            {
              id: '201',
              series: '3',
              repeticoes: 12,
              carga: '30',
              tempo_descanso: '60',
              ordem: 1,
              atividade: { titulo: 'Remada curvada', video: null, equipamento: 'Barra' },
            },
            { id: null, series: 3, repeticoes: '10', carga: null, tempo_descanso: 60, atividade: { titulo: 'Sem id' } },
          ],
        }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino B - Costas' })).toBeInTheDocument();
    expect(screen.getByText('Terça, Sábado')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Remada curvada']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Remada curvada' }).nextElementSibling).toHaveTextContent('-');
    expect(detail(panel, 'Séries')).toBe('3');
    expect(detail(panel, 'Repetições')).toBe('12');
    expect(detail(panel, 'Carga')).toBe('30 kg');
    expect(detail(panel, 'Descanso')).toBe('60 s');
    const search = within(panel).getByRole('link', { name: 'Ver execução no YouTube' });
    expect(search).toHaveAttribute('href', 'https://www.youtube.com/results?search_query=Remada%20curvada');
    expect(search).toHaveAttribute('target', '_blank');
    expect(search).toHaveAttribute('rel', 'noreferrer');
  });

  it('loads the video player only when played', async () => {
    const { user } = renderWorkout();
    const play = await screen.findByRole('button', { name: 'Reproduzir vídeo: Agachamento livre' });

    await user.click(play);

    expect(screen.getByTitle('Agachamento livre').tagName).toBe('IFRAME');
  });

  it.each([
    ['the workout', { workout: notFound }, 'Erro ao carregar treino.'],
    ['the exercises', { exercises: notFound }, 'Erro ao carregar exercícios.'],
  ])('says when %s cannot be loaded', async (_what, answers, message) => {
    renderWorkout(answers);

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says when the workout has no exercises', async () => {
    renderWorkout({ exercises: () => HttpResponse.json(paged([])) });

    expect(await screen.findByText('Nenhum exercício foi encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows placeholders while loading', async () => {
    const never = async () => {
      await delay('infinite');
      return notFound();
    };
    renderWorkout({ workout: never, exercises: never });

    await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"] [data-slot="skeleton"]').length).toBeGreaterThan(4));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

function detail(panel: HTMLElement, term: string): string | null | undefined {
  return within(panel).getByText(term, { selector: 'dt' }).closest('div')?.querySelector('dd')?.textContent;
}

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

describe('progress of an exercise', () => {
  const entry = (day: string, carga: number, repeticoes: number, rm_estimado: number, series = 4) => ({
    sessao_id: `sessao-${day}`,
    data: `${day}T21:30:00.000Z`,
    carga,
    repeticoes,
    series,
    rm_estimado,
  });
  const withHistory = (history: () => Response) => server.use(http.get(apiUrl('/v1/exercicios/101/historico'), history));
  const panel = () => screen.getByRole('tabpanel');

  it("shows the last session, a 'Novo recorde' badge when it was the best, and the same numbers in a table", async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 26, 10, 34.7), entry('2026-11-09', 28.5, 11, 39), entry('2026-11-16', 30, 12, 42)]));
    renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 4 × 12 com 30 kg')).toBeInTheDocument();
    expect(within(progress).getByText('Novo recorde')).toBeInTheDocument();
    const table = within(progress).getByRole('table', { name: 'Melhor série de cada treino de Agachamento livre' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      '02/11/202626 kg1034,7 kg',
      '09/11/202628,5 kg1139 kg',
      '16/11/202630 kg1242 kg',
    ]);
  });

  it('shows no badge when the last session was not the best', async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 30, 12, 42), entry('2026-11-09', 27.5, 10, 36.7, 3)]));
    renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 3 × 10 com 27,5 kg')).toBeInTheDocument();
    expect(within(progress).queryByText('Novo recorde')).not.toBeInTheDocument();
  });

  it('leaves out an entry it cannot read, and shows nothing when the history fails, with the plan whole', async () => {
    withHistory(() => HttpResponse.json([entry('2026-11-02', 26, 10, 34.7), { ...entry('2026-11-09', 28, 11, 38), carga: 'muito' }]));
    const first = renderWorkout();
    const progress = await within(await screen.findByRole('tabpanel')).findByRole('region', { name: 'Progresso' });
    expect(within(progress).getByText('Último treino: 4 × 10 com 26 kg')).toBeInTheDocument();
    first.unmount();

    withHistory(() => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Exercício não encontrado.' }, { status: 404 }));
    renderWorkout();
    expect(await within(await screen.findByRole('tabpanel')).findByRole('heading', { name: 'Agachamento livre' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).queryByRole('region', { name: 'Progresso' })).not.toBeInTheDocument());
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('load dialog', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  afterEach(() => onlineManager.setOnline(true));

  /** The exercises as the server holds them; the PUT handler changes them like the API would. */
  function serveLoads(answer?: (body: { carga: number | null }) => Response | Promise<Response>) {
    let exercises: Exercise[] = [squat, calf];
    const puts: unknown[] = [];
    const view = renderWorkout({ exercises: () => HttpResponse.json(paged(exercises)) });
    /** Closes the app and opens it again on the same device, still at the workout. */
    const reopen = () => {
      view.unmount();
      return renderApp('/workout/7', { device: view.device });
    };
    server.use(
      http.put<{ id: string }, { carga: number | null }>(apiUrl('/v1/exercicios/:id'), async ({ params, request }) => {
        const body = await request.json();
        puts.push({ id: params.id, body });
        if (answer) return answer(body);
        exercises = exercises.map((exercise) => (exercise.id === Number(params.id) ? { ...exercise, carga: body.carga } : exercise));
        return HttpResponse.json(exercises.find((exercise) => exercise.id === Number(params.id)));
      }),
    );
    return { ...view, puts, reopen };
  }

  async function openDialog(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Editar carga' }));
    return screen.findByRole('dialog', { name: 'Editar carga' });
  }

  it('opens with the saved load; Salvar stays disabled until the value changes', async () => {
    const { user } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');

    expect(input).toHaveValue('30');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '30');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.type(input, '5');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('holds at most 4 characters', async () => {
    const { user } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');

    await user.clear(input);
    await user.type(input, '123456');

    expect(input).toHaveValue('1234');
  });

  it('saves through PUT, refreshes the list and closes', async () => {
    const { user, puts } = serveLoads();
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '32.5');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: '101', body: { carga: 32.5 } }]);
    expect(await screen.findByText('32,5 kg')).toBeInTheDocument();
  });

  it('saves an empty value as 0', async () => {
    const { user, puts } = serveLoads();
    const dialog = await openDialog(user);

    await user.clear(within(dialog).getByLabelText('Carga (kg)'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(puts).toEqual([{ id: '101', body: { carga: 0 } }]));
    expect(await screen.findByText('0 kg')).toBeInTheDocument();
  });

  it('keeps Salvar disabled while the save is pending', async () => {
    const { user } = serveLoads(async () => {
      await delay('infinite');
      return notFound();
    });
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '40');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toHaveAttribute('aria-busy', 'true');
  });

  it("on failure toasts 'Erro ao atualizar carga.' and stays open with the typed value", async () => {
    const { user } = serveLoads(() =>
      HttpResponse.json({ status: 400, error: 'Bad Request', message: 'carga: inválida' }, { status: 400 }),
    );
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, '45');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Erro ao atualizar carga.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar carga' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Carga (kg)')).toHaveValue('45');
    // The list behind the dialog still shows the saved load.
    expect(screen.getByText('30 kg')).toBeInTheDocument();
  });

  async function saveLoad(user: ReturnType<typeof renderApp>['user'], tab: string, value: string) {
    await user.click(screen.getByRole('tab', { name: tab }));
    await waitFor(() => expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true'));
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Carga (kg)');
    await user.clear(input);
    await user.type(input, value);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  }

  it('offline, shows the new load at once as waiting, closes, keeps it across a reopening, and sends it when back online', async () => {
    const { user, puts, reopen } = serveLoads();
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));

    await saveLoad(user, 'Agachamento livre', '35');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('35 kg')).toBeInTheDocument();
    expect(screen.getByText('Aguardando conexão')).toBeInTheDocument();

    reopen();

    expect(await screen.findByText('35 kg')).toBeInTheDocument();
    expect(screen.getByText('Aguardando conexão')).toBeInTheDocument();
    expect(puts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: '101', body: { carga: 35 } }]);
    expect(screen.getByText('35 kg')).toBeInTheDocument();
  });

  it('sends the edits made offline one at a time, in the order made, each once', async () => {
    const { user, puts } = serveLoads();
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));

    await saveLoad(user, 'Agachamento livre', '35');
    await saveLoad(user, 'Panturrilha em pé', '20');
    await saveLoad(user, 'Agachamento livre', '37');
    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts).toEqual([
      { id: '101', body: { carga: 35 } },
      { id: '102', body: { carga: 20 } },
      { id: '101', body: { carga: 37 } },
    ]);
    await waitFor(() => expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument());
  });

  it("puts the saved load back with 'Erro ao atualizar carga.' when the server refuses an edit made offline", async () => {
    const { user, puts } = serveLoads(() =>
      HttpResponse.json({ status: 400, error: 'Bad Request', message: 'carga: inválida' }, { status: 400 }),
    );
    await screen.findAllByRole('tab');
    act(() => onlineManager.setOnline(false));
    await saveLoad(user, 'Agachamento livre', '45');
    expect(await screen.findByText('Aguardando conexão')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByText('30 kg')).toBeInTheDocument();
    expect(screen.getByText('Erro ao atualizar carga.')).toBeInTheDocument();
    expect(screen.queryByText('Aguardando conexão')).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });
});

describe('offline', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });
  afterEach(() => onlineManager.setOnline(true));

  it('opens a workout seen before from the saved copy, without asking the server, and says so', async () => {
    const first = renderWorkout();
    await screen.findAllByRole('tab');
    first.unmount();
    act(() => onlineManager.setOnline(false));
    const requests = recordRequests();

    renderWorkout({ device: first.device });

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Sem conexão — mostrando os dados salvos');
    expect(requests.count('GET /api/v1/treinos/7/exercicios')).toBe(0);
    requests.stop();
  });

  it('says to open it once online when it was never loaded, instead of loading forever', async () => {
    act(() => onlineManager.setOnline(false));

    renderWorkout();

    expect(
      await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.'),
    ).toBeInTheDocument();
    expect(document.querySelector('main [data-slot="skeleton"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toBeInTheDocument();
  });

  it('loads it as soon as the connection returns', async () => {
    act(() => onlineManager.setOnline(false));
    renderWorkout();
    await screen.findByText('Sem conexão. Abra esta tela com internet uma vez para vê-la sem conexão.');

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.queryByText('Sem conexão — mostrando os dados salvos')).not.toBeInTheDocument();
  });
});

describe('caching and prefetching', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });

  it('opens again from home at once, from the cache, without asking the server', async () => {
    const { router } = renderWorkout();
    await screen.findAllByRole('tab');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Meus treinos' });
    const requests = recordRequests();

    await act(() => router.navigate('/workout/7'));

    expect(screen.getByRole('heading', { level: 1, name: 'Treino A - Inferiores' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(document.querySelector('main [data-slot="skeleton"]')).toBeNull();
    expect(requests.count('GET /api/v1/treinos/7')).toBe(0);
    expect(requests.count('GET /api/v1/treinos/7/exercicios')).toBe(0);
    requests.stop();
  });

  it('starts them from the route on the very first load too', async () => {
    let screenMounted: boolean | null = null;
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/v1/treinos/7/exercicios') {
        screenMounted = screen.queryByRole('link', { name: 'Voltar para o início' }) !== null;
      }
    };
    server.events.on('request:start', listener);

    renderWorkout();

    await screen.findAllByRole('tab');
    expect(screenMounted).toBe(false);
    server.events.removeListener('request:start', listener);
  });

  it('the route starts the workout and its exercises together, before the screen asks', async () => {
    const { router } = renderWorkout();
    await screen.findAllByRole('tab');
    await act(() => router.navigate('/'));
    await screen.findByRole('region', { name: 'Meus treinos' });
    const requests = recordRequests();
    // Left for the screen's own hooks, the requests would leave only after it had mounted.
    let screenMounted: boolean | null = null;
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/v1/treinos/8/exercicios') {
        screenMounted = screen.queryByRole('link', { name: 'Voltar para o início' }) !== null;
      }
    };
    server.events.on('request:start', listener);

    await act(() => router.navigate('/workout/8'));

    await waitFor(() => expect(requests.count('GET /api/v1/treinos/8')).toBe(1));
    expect(requests.count('GET /api/v1/treinos/8/exercicios')).toBe(1);
    expect(screenMounted).toBe(false);
    requests.stop();
    server.events.removeListener('request:start', listener);
  });
});

describe('train mode', () => {
  beforeEach(() => {
    stubNotifications('granted');
  });
  afterEach(() => onlineManager.setOnline(true));

  /** The workout's last session before today's: 500 kg lifted (25 kg × 10, twice). */
  const lastSession = {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    treino_id: 7,
    iniciado_em: '2026-03-10T18:30:00.000Z',
    concluido_em: '2026-03-10T19:20:00.000Z',
    series: [1, 2].map((numero) => ({ exercicio_id: 101, numero, carga: 25, repeticoes: 10, feito_em: '2026-03-10T18:40:00.000Z' })),
  };

  /** The workout, with a server that stores the sessions sent (or answers `answer`). */
  function serveSessions(answer?: () => Response) {
    const posts: Array<Record<string, unknown>> = [];
    server.use(
      http.get(apiUrl('/v1/treinos/:id/sessoes'), () => HttpResponse.json({ results: [lastSession], page: 0, size: 1, total: 1 })),
      http.post<{ id: string }, Record<string, unknown>>(apiUrl('/v1/treinos/:id/sessoes'), async ({ params, request }) => {
        const body = await request.json();
        posts.push(body);
        return answer?.() ?? HttpResponse.json({ ...body, treino_id: Number(params.id) }, { status: 201 });
      }),
    );
    return { ...renderWorkout(), posts };
  }

  const bar = () => screen.getByRole('region', { name: 'Treino em andamento' });
  const set = (number: number, title = 'Agachamento livre') => screen.getByRole('checkbox', { name: `Série ${number} de ${title} feita` });

  async function startSession(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Iniciar treino' }));
    await screen.findByRole('heading', { name: 'Séries de hoje' });
  }

  /** 'Concluir treino', and 'Concluir assim mesmo' to the question work left asks: the summary. */
  async function conclude(user: ReturnType<typeof renderApp>['user']) {
    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Concluir assim mesmo' }));
    return screen.findByRole('dialog', { name: 'Treino concluído!' });
  }

  it("lists each set with the plan's load and reps, folds the notices, and shows the progress in a bar", async () => {
    const { user } = serveSessions();
    await startSession(user);

    expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    // One row per set, each with that set of the last session ('Anterior'): it had two.
    const rows = within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Série 1', 'Série 2', 'Série 3', 'Série 4']);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Anterior: 25 kg × 10'));
    expect(rows.map((row) => within(row).getByText(/^(\d+ kg × \d+|—)$/).textContent)).toEqual([
      'Anterior: 25 kg × 10',
      'Anterior: 25 kg × 10',
      'Anterior: —',
      'Anterior: —',
    ]);
    // The steppers show under the next set to do only.
    expect(within(rows[0]!).getByRole('button', { name: 'Mais 1 kg na carga da série 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Mais 1 kg/ })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Carga da série 4' })).toHaveValue('30');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 4' })).toHaveValue('10');
    expect(screen.getByText('Avisos e atalhos do treino')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mobilidade' })).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
    // The rest shows in one place in train mode: the bar, once a set starts it.
    expect(screen.queryByRole('button', { name: 'Iniciar descanso' })).not.toBeInTheDocument();
    // Focus mode: the greeting header and the tab bar step aside; leaving keeps the session.
    expect(screen.queryByRole('button', { name: 'Sair' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sair do modo treino' })).toHaveAttribute('href', '/');
    expect(bar()).toHaveTextContent('Exercício 1 de 2');
    expect(bar()).toHaveTextContent('0 de 7 séries');

    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));

    await waitFor(() => expect(bar()).toHaveTextContent('Exercício 2 de 2'));
    // No load in the plan: the sets start at 0 kg; '15-20' starts at 15 reps.
    expect(screen.getByRole('textbox', { name: 'Carga da série 1' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 1' })).toHaveValue('15');
  });

  it("swaps an exercise for the day: another of the library's activities of its muscle group, or a written name; sent with the session", async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/v1/atividades'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          results: [
            { id: 31, titulo: 'Agachamento hack', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/hackhackhac' },
            { id: 30, titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null },
            { id: 32, titulo: 'Leg press 45°', grupo_muscular: 'Quadríceps', video: null },
          ],
        });
      }),
    );
    const { user, posts } = serveSessions();
    await startSession(user);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem')[0]).toHaveTextContent('Anterior: 25 kg × 10'));

    await user.click(screen.getByRole('button', { name: 'Trocar exercício' }));
    const dialog = screen.getByRole('dialog', { name: 'Trocar exercício' });
    // The exercise's own activity is not offered.
    const choices = await within(dialog).findAllByRole('button', { name: /^(Agachamento|Leg press)/ });
    expect(choices.map((choice) => choice.textContent)).toEqual(['Agachamento hack', 'Leg press 45°']);
    // One page of the muscle group: the API pages the library (decision 053).
    expect(asked).toEqual([`?grupo_muscular=${encodeURIComponent('Quadríceps')}&page=0&size=50`]);
    await user.click(within(dialog).getByRole('button', { name: 'Agachamento hack' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento hack' })).toBeInTheDocument();
    expect(screen.getByText('no lugar de Agachamento livre')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Agachamento hack' })).toBeInTheDocument();
    // Last session's sets were of the planned activity: nothing to compare with today.
    expect(within(screen.getByRole('region', { name: 'Séries de hoje' })).getAllByRole('listitem')[0]).toHaveTextContent('Anterior: —');
    await user.click(set(1, 'Agachamento hack'));

    // Undone, and swapped again for a name the library lacks; a blank one is refused at the field.
    await user.click(screen.getByRole('button', { name: 'Desfazer troca' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento livre' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trocar exercício' }));
    const again = screen.getByRole('dialog', { name: 'Trocar exercício' });
    await user.click(within(again).getByRole('button', { name: 'Usar este nome' }));
    expect(within(again).getByRole('textbox', { name: 'Outro exercício' })).toHaveAccessibleDescription('Escreva o nome do exercício.');
    await user.type(within(again).getByRole('textbox', { name: 'Outro exercício' }), 'Agachamento no smith');
    await user.click(within(again).getByRole('button', { name: 'Usar este nome' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Agachamento no smith' })).toBeInTheDocument();

    const summary = await conclude(user);
    const lines = within(within(summary).getByRole('region', { name: 'Exercícios' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Agachamento no smithno lugar de Agachamento livre30 kg × 10');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.trocas).toEqual([{ exercicio_id: 101, nome: 'Agachamento no smith' }]);
    expect(posts[0]!.series).toEqual([{ exercicio_id: 101, numero: 1, carga: 30, repeticoes: 10, feito_em: expect.any(String) }]);
  });

  it('lists the exercises top to bottom, each with how far it is done', async () => {
    const { user } = serveSessions();
    await startSession(user);
    const exercises = screen.getByRole('tablist', { name: 'Exercícios' });
    expect(exercises).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('Não iniciado');

    await user.click(set(1));

    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('1 de 4');
    for (const number of [2, 3, 4]) await user.click(set(number));
    expect(screen.getByRole('tab', { name: 'Agachamento livre' })).toHaveAccessibleDescription('Feito');
    expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAccessibleDescription('Não iniciado');
  });

  it('steps a load by 1 kg and reps by 1, takes a typed 22,5, and gives back what cannot be a load', async () => {
    const { user } = serveSessions();
    await startSession(user);
    const load = screen.getByRole('textbox', { name: 'Carga da série 1' });

    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Menos 1 repetição na série 1' }));
    expect(load).toHaveValue('32');
    expect(screen.getByRole('textbox', { name: 'Repetições da série 1' })).toHaveValue('9');

    await user.clear(load);
    await user.type(load, '22,5{Enter}');
    expect(load).toHaveValue('22,5');
    await user.clear(load);
    await user.type(load, 'muito');
    await user.tab();
    expect(load).toHaveValue('22,5');
  });

  it("'Iniciar treino' asks, if undecided, to notify the rests' ends, so that the first set's tick does not", async () => {
    const notifications = stubNotifications('default', 'granted');
    const { user } = serveSessions();
    await startSession(user);
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);

    await user.click(set(1));
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("ticking a set records it and starts the exercise's rest; the last set opens the next exercise, with the way back", async () => {
    const { user } = serveSessions();
    await startSession(user);

    await user.click(set(1));

    expect(set(1)).toBeChecked();
    expect(bar()).toHaveTextContent('1 de 7 séries');
    expect(within(bar()).getByRole('timer')).toHaveTextContent('1:30');
    // A frame after the tick has painted, the steppers move on to the next set to do.
    expect(await screen.findByRole('button', { name: 'Mais 1 kg na carga da série 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mais 1 kg na carga da série 1' })).not.toBeInTheDocument();
    for (const number of [2, 3, 4]) await user.click(set(number));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus());
    expect(bar()).toHaveTextContent('Exercício 2 de 2');
    expect(within(bar()).getByRole('timer')).toHaveTextContent('1:30');
    // The last exercise has none to skip to.
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();

    // Back on a finished exercise, the next one is a tap away.
    await user.click(screen.getByRole('tab', { name: 'Agachamento livre' }));
    const onward = await screen.findByRole('button', { name: 'Próximo exercício: Panturrilha em pé' });
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();
    await user.click(onward);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
  });

  it("'Pular exercício' opens the next one without ticking anything", async () => {
    const { user } = serveSessions();
    await startSession(user);

    await user.click(screen.getByRole('button', { name: 'Pular exercício' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Panturrilha em pé' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séries de hoje' })).toHaveFocus());
    expect(bar()).toHaveTextContent('0 de 7 séries');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('adds a set like the last one and removes one still to do, never the only one; the sets are sent numbered in order', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));
    await user.click(set(1));

    await user.click(screen.getByRole('button', { name: 'Adicionar série' }));

    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Carga da série 5' })).toHaveValue('30');
    expect(bar()).toHaveTextContent('1 de 8 séries');
    // A set done cannot be removed: its row has no strip once ticked.
    await user.click(screen.getByRole('textbox', { name: 'Carga da série 1' }));
    expect(screen.queryByRole('button', { name: 'Remover série 1' })).not.toBeInTheDocument();

    for (const number of [2, 2, 2, 2]) {
      await user.click(screen.getByRole('textbox', { name: `Carga da série ${number}` }));
      await user.click(screen.getByRole('button', { name: `Remover série ${number}` }));
    }

    // The sets to do go one by one; set 1, done, stays.
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remover série/ })).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent('1 de 4 séries');

    await user.click(screen.getByRole('button', { name: 'Adicionar série' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 repetição na série 2' }));
    await user.click(set(2));
    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));
    await user.click(await screen.findByRole('textbox', { name: 'Carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Remover série 1' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Concluir assim mesmo' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.series).toEqual([
      { exercicio_id: 101, numero: 1, carga: 31, repeticoes: 10, feito_em: expect.any(String) },
      { exercicio_id: 101, numero: 2, carga: 31, repeticoes: 11, feito_em: expect.any(String) },
    ]);
  });

  it('asks before concluding with work left, sends the sets done once, and sums them up on a screen of its own', async () => {
    const { user, posts } = serveSessions();
    const copied = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: copied }, configurable: true });
    await startSession(user);
    // The steppers show under the row being edited.
    await user.click(screen.getByRole('textbox', { name: 'Carga da série 2' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 2' }));
    await user.click(set(1));
    await user.click(set(2));
    expect(within(bar()).getByRole('timer')).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    const asking = screen.getByRole('dialog');
    expect(within(asking).getByRole('heading', { name: 'Faltam 2 exercícios. Concluir assim mesmo?' })).toBeInTheDocument();
    expect(asking).toHaveTextContent('2 de 7 séries feitas.');
    await user.click(within(asking).getByRole('button', { name: 'Continuar treinando' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    const summary = await conclude(user);

    expect(within(summary).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['0 min', '2', '610 kg']);
    expect(summary).toHaveTextContent('Volume +22 % em relação ao último treino');
    const exercises = within(within(summary).getByRole('region', { name: 'Exercícios' })).getAllByRole('listitem');
    expect(exercises.map((line) => line.textContent)).toEqual(['Agachamento livre30 kg × 10 · 31 kg × 10', 'Panturrilha em péNão feito']);
    expect(await within(summary).findByText('Treino salvo.')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iniciado_em: expect.any(String),
        concluido_em: expect.any(String),
        series: [
          { exercicio_id: 101, numero: 1, carga: 30, repeticoes: 10, feito_em: expect.any(String) },
          { exercicio_id: 101, numero: 2, carga: 31, repeticoes: 10, feito_em: expect.any(String) },
        ],
        trocas: [],
      },
    ]);
    // The rest ended with the session: nothing counts down behind the summary.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Compartilhar' }));
    expect(copied).toHaveBeenCalledWith(expect.stringContaining('Agachamento livre: 30 kg × 10 · 31 kg × 10\nPanturrilha em pé: não feito'));
    expect(copied).toHaveBeenCalledWith(expect.stringContaining('610 kg (+22 % que o último treino)'));
    expect(await screen.findByText('Resumo copiado.')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Pronto' }));
    expect(screen.queryByRole('region', { name: 'Treino em andamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar treino' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mobilidade' })).toBeVisible();
  });

  it('concludes a workout done whole at once, without asking', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    for (const number of [1, 2, 3, 4]) await user.click(set(number));
    await user.click(screen.getByRole('tab', { name: 'Panturrilha em pé' }));
    for (const number of [1, 2, 3]) await user.click(await screen.findByRole('checkbox', { name: `Série ${number} de Panturrilha em pé feita` }));

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));

    expect(await screen.findByRole('dialog', { name: 'Treino concluído!' })).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('will not conclude a session with no set done; discarding asks on its own and can be undone', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(set(1));
    await user.click(set(1));

    await user.click(within(bar()).getByRole('button', { name: 'Concluir treino' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Nenhuma série feita' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Marque ao menos uma série feita para concluir, ou descarte o treino.');
    expect(within(dialog).queryByRole('button', { name: /Concluir/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Descartar treino' }));

    const discarding = screen.getByRole('dialog');
    expect(within(discarding).getByRole('heading', { name: 'Descartar treino?' })).toBeInTheDocument();
    await user.click(within(discarding).getByRole('button', { name: 'Descartar treino' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar treino' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Desfazer' }));

    expect(await screen.findByRole('region', { name: 'Treino em andamento' })).toBeInTheDocument();
  });

  it('resumes the session after the app is closed and opened again', async () => {
    const { user, unmount, device } = serveSessions();
    await startSession(user);
    await user.click(set(2));
    unmount();

    renderApp('/workout/7', { device });

    await waitFor(() => expect(set(2)).toBeChecked());
    expect(set(1)).not.toBeChecked();
    expect(bar()).toHaveTextContent('1 de 7 séries');
  });

  it('ended offline, waits for the connection and is then sent, once', async () => {
    const { user, posts } = serveSessions();
    await startSession(user);
    await user.click(set(1));
    act(() => onlineManager.setOnline(false));

    const dialog = await conclude(user);

    expect(within(dialog).getByRole('status')).toHaveTextContent('Sem conexão: o treino será enviado quando a internet voltar.');
    expect(posts).toEqual([]);

    act(() => onlineManager.setOnline(true));

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Treino salvo.'));
    expect(posts).toHaveLength(1);
  });

  it('says so when the server refuses the session', async () => {
    const { user } = serveSessions(() => HttpResponse.json({ status: 400, error: 'Bad Request', message: 'series.0.carga: inválida' }, { status: 400 }));
    await startSession(user);
    await user.click(set(1));

    const dialog = await conclude(user);

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Não foi possível salvar o treino.'));
    expect(await screen.findAllByText('Não foi possível salvar o treino.')).toHaveLength(2);
  });

  it('is a tap away from every other screen, with the rest running above it', async () => {
    const { user, router } = serveSessions();
    await startSession(user);
    await user.click(set(1));

    await act(() => router.navigate('/profile'));

    const bars = await screen.findByRole('region', { name: 'Treino em andamento' });
    expect(within(bars).getByRole('region', { name: 'Descanso em andamento' })).toHaveTextContent('Agachamento livre');
    expect(within(bars).getByText('Treino A - Inferiores')).toBeInTheDocument();
    // Two rows: the root's scroll padding keeps focus clear of both (index.css).
    expect(document.documentElement).toHaveAttribute('data-bottom-bar-rows', '2');
    await user.click(within(bars).getByRole('link', { name: 'Continuar treino' }));
    await screen.findByRole('heading', { name: 'Séries de hoje' });
    expect(set(1)).toBeChecked();
  });

  it("offers the way back to another workout's session instead of a second one", async () => {
    serveSessions();
    localStorage.setItem(
      STORAGE_KEYS.trainSession,
      JSON.stringify({ userId: currentUserIdOrNull(), id: 'f0e1d2c3-b4a5-4968-8776-655443322110', workoutId: 8, workoutTitle: 'Treino B - Superiores', startedAt: new Date().toISOString(), sets: {} }),
    );

    expect(await screen.findByText('Há um treino em andamento: Treino B - Superiores.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao treino' })).toHaveAttribute('href', '/workout/8');
    expect(screen.queryByRole('button', { name: 'Iniciar treino' })).not.toBeInTheDocument();
  });
});
