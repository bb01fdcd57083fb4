import { act, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { buildExercise, buildWorkout, paged } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { renderApp, signIn, type DeviceStore } from '../../testing/test-utils';

// What the workout screen's tests share: its exercises, the screen rendered on them, a stand-in for
// the Notification API, and what each test leaves behind put back.

export const squat = buildExercise({
  id: 101,
  carga: 30,
  tempo_descanso: 90,
  observacao: 'Desça até as coxas ficarem paralelas ao chão.',
  atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/abcdefghijk' },
});
export const calf = buildExercise({
  id: 102,
  series: 3,
  repeticoes: '15-20',
  carga: null,
  tempo_descanso: 45,
  atividade: { titulo: 'Panturrilha em pé', grupo_muscular: 'Panturrilhas', video: null },
});
export const notFound = () => HttpResponse.json({ status: 404, error: 'Not Found', message: 'Não encontrado.' }, { status: 404 });

export function renderWorkout({
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
export function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
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

/** The value a definition list shows for `term`. */
export function detail(panel: HTMLElement, term: string): string | null | undefined {
  return within(panel).getByText(term, { selector: 'dt' }).closest('div')?.querySelector('dd')?.textContent;
}

/** Puts back what a test changed: its fake timers (running what they still hold first), stubs and mocks. */
export function restoreTimersAndStubs() {
  // Timers still queued (the toaster's) run now, against this test's screen, not the next one's.
  if (vi.isFakeTimers()) act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
