/*
 * The plan's first reads, asked for before the app's bundle has arrived: index.html's start script
 * (src/start.ts) sends them while the JavaScript downloads, and the API client (api-client.ts) takes
 * each answer in place of its own first call to the same path. A response is taken once, only by
 * the session that asked for it, only in the first minute, and never after a write: a screen whose
 * saved copy was fresh enough asks for nothing at first, and its first read after a change (a load
 * edited, a session sent) must see the change, not the answer from before it.
 */
import { API_BASE } from './api-base';
import { STORAGE_KEYS } from './storage-keys';

/** The API's paths that the screens read first; the fetchers call exactly these, so an early answer matches. */
export const startPaths = {
  client: (userId: number) => `/v2/clientes/${userId}`,
  evaluations: (userId: number) => `/v1/clientes/${userId}/avaliacoes`,
  /** SPEC.md §9: one page of 50 holds a whole plan. */
  workouts: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/treinos?page=0&size=50`,
  diets: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/dietas?page=0&size=50`,
  exercises: (workoutId: number) => `/v1/treinos/${workoutId}/exercicios?page=0&size=50`,
};

interface EarlyResponse {
  token: string;
  response: Promise<Response | null>;
}

const MAX_AGE_MS = 60_000;
const GLOBAL = '__acompanhaEarlyRequests';

function earlyResponses(): Map<string, EarlyResponse> {
  const holder = globalThis as unknown as Record<typeof GLOBAL, Map<string, EarlyResponse> | undefined>;
  return (holder[GLOBAL] ??= new Map());
}

/**
 * Sends the first reads of the screen at `pathname` for the session of `token`: the client and
 * their evaluations, and on Home and the plan's screens the latest plan's lists and its workouts'
 * exercises, each as soon as the read it depends on has answered.
 */
export function sendEarlyRequests(token: string, pathname: string): void {
  let userId: number;
  try {
    userId = (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id: number }).user_id;
  } catch {
    return;
  }
  if (!Number.isInteger(userId)) return;
  const get = (path: string) => {
    const response = fetch(new URL(API_BASE + path, location.href), { headers: { authorization: `Bearer ${token}` } }).then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    );
    earlyResponses().set(path, { token, response });
    return response;
  };
  const json = <T>(response: Response | null) => (response ? (response.clone().json() as Promise<T>).catch(() => null) : null);

  void get(startPaths.client(userId));
  const evaluations = get(startPaths.evaluations(userId));
  if (!/^\/(workout\/|diet\/|$)/.test(pathname)) return;
  void evaluations.then(json<{ results?: { id?: unknown }[] }>).then((list) => {
    const latest = list?.results?.[0]?.id;
    if (typeof latest !== 'number') return;
    void get(startPaths.diets(latest));
    void get(startPaths.workouts(latest))
      .then(json<{ results?: { id?: unknown }[] }>)
      .then((workouts) => {
        for (const workout of workouts?.results ?? []) {
          if (typeof workout.id === 'number') void get(startPaths.exercises(workout.id));
        }
      });
  });
}

/** The early answer to `path`, if the session of `token` asked for it within the last minute; taken once. */
export function takeEarlyResponse(path: string, token: string): Promise<Response | null> | null {
  const responses = earlyResponses();
  const early = responses.get(path);
  if (!early) return null;
  responses.delete(path);
  return early.token === token && performance.now() < MAX_AGE_MS ? early.response : null;
}

/** Forgets the answers not taken yet: called before every write. */
export function forgetEarlyResponses(): void {
  earlyResponses().clear();
}

/**
 * What index.html's start script does first: marks a signed-in device, so its shell shows, and sends
 * the first reads. Whether the device is signed in.
 */
export function start(): boolean {
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (!token) return false;
  document.documentElement.setAttribute('data-signed-in', '');
  sendEarlyRequests(token, location.pathname);
  return true;
}
