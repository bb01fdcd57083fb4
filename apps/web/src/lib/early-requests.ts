/*
 * The plan's first reads, asked for before the app's bundle has arrived: index.html's start script
 * (src/start.ts) sends them while the JavaScript downloads, and the API client (api-client.ts) takes
 * each answer in place of its own first call to the same path. A response is taken once, only by
 * the session that asked for it, only within a minute of asking, and never after a write: a screen whose
 * saved copy was fresh enough asks for nothing at first, and its first read after a change (a load
 * edited, a session sent) must see the change, not the answer from before it.
 */
import { HOME_PAGE, WEEK_SESSIONS_PAGE } from '@acompanha/contract';
import { API_BASE } from './api-base';
import { STORAGE_KEYS } from './storage-keys';

/** A page as the API's query string asks for it. */
const query = ({ page, size }: { page: number; size: number }) => `?page=${page}&size=${size}`;

/** The API's paths that the screens read first; the fetchers call exactly these, so an early answer matches. */
export const startPaths = {
  client: (userId: number) => `/v2/clientes/${userId}`,
  evaluations: (userId: number) => `/v1/clientes/${userId}/avaliacoes`,
  /** The pages the one read answers with (the contract's pages.ts). */
  workouts: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/treinos${query(HOME_PAGE)}`,
  diets: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/dietas${query(HOME_PAGE)}`,
  exercises: (workoutId: number) => `/v1/treinos/${workoutId}/exercicios${query(HOME_PAGE)}`,
  sessions: (workoutId: number) => `/v1/treinos/${workoutId}/sessoes${query(WEEK_SESSIONS_PAGE)}`,
  /** A workout or a diet alone answers as it does in its evaluation's list. */
  workout: (workoutId: number) => `/v1/treinos/${workoutId}`,
  diet: (dietId: number) => `/v1/dietas/${dietId}`,
};

/** Home's first reads in one (decision 050): each part as its own call above answers it. */
export const homePath = (userId: number) => `/v1/clientes/${userId}/inicio`;

/** The one read's answer, as far as the start script looks into it: the app's fetchers read each part. */
interface HomeAnswer {
  cliente?: unknown;
  avaliacoes?: { results?: { id?: unknown }[] };
  treinos?: { results?: { id?: unknown }[] } | null;
  dietas?: { results?: { id?: unknown }[] } | null;
  exercicios?: Record<string, unknown>;
  sessoes?: Record<string, unknown>;
}

/** An answer as the API client returns it: its body, read. */
export interface EarlyAnswer {
  data: unknown;
  status: number;
}

interface EarlyRequest {
  token: string;
  /** Null when the read failed, or the answer lacked the part. */
  answer: Promise<EarlyAnswer | null>;
  /** performance.now() when it was asked for. */
  sentAt: number;
}

const MAX_AGE_MS = 60_000;
const GLOBAL = '__acompanhaEarlyRequests';

/** Shared by the start script's copy of this module and the app's. */
const holder = globalThis as unknown as Record<typeof GLOBAL, Map<string, EarlyRequest> | undefined>;

function earlyRequests(): Map<string, EarlyRequest> {
  return (holder[GLOBAL] ??= new Map());
}

/**
 * Sends the first reads of the screen at `pathname` for the session of `token`. On Home and the
 * plan's screens one read answers the client, their evaluations, the latest plan's lists and its
 * workouts' exercises and latest sessions, each kept as the answer to its own path; elsewhere the
 * client and the evaluations are asked for as themselves.
 */
export function sendEarlyRequests(token: string, pathname: string): void {
  let userId: number;
  try {
    userId = (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id: number }).user_id;
  } catch {
    return;
  }
  if (!Number.isInteger(userId)) return;
  const send = (path: string): Promise<EarlyAnswer | null> =>
    fetch(new URL(API_BASE + path, location.href), { headers: { authorization: `Bearer ${token}` } })
      .then(async (answer) => (answer.ok ? { data: (await answer.json()) as unknown, status: answer.status } : null))
      .catch(() => null);
  // Each path once (an answer the app has taken is not kept again), into the store of now: a write
  // replaces it (forgetEarlyResponses), so what this read answers after a write stays out of the app's way.
  const requests = earlyRequests();
  const kept = new Set<string>();
  const keep = (path: string, answer: Promise<EarlyAnswer | null>) => {
    if (kept.has(path)) return;
    kept.add(path);
    requests.set(path, { token, answer, sentAt: performance.now() });
  };

  if (!/^\/(workout\/|diet\/|$)/.test(pathname)) {
    keep(startPaths.client(userId), send(startPaths.client(userId)));
    keep(startPaths.evaluations(userId), send(startPaths.evaluations(userId)));
    return;
  }
  // Each part is handed over as read: the app's fetchers parse it as they parse their own calls' answers.
  const home = send(homePath(userId));
  const asAnswer = (part: unknown, status: number) => (part ? { data: part, status } : null);
  // The lists', the exercises' and the sessions' paths are known once the answer is in: kept before the
  // client's and the evaluations' answers resolve, so that the reads made from those find them.
  void home.then((answer) => {
    const body = answer?.data as HomeAnswer | undefined;
    const latest = body?.avaliacoes?.results?.[0]?.id;
    if (!answer || !body || typeof latest !== 'number') return;
    const keepNow = (path: string, part: unknown) => keep(path, Promise.resolve(asAnswer(part, answer.status)));
    keepNow(startPaths.workouts(latest), body.treinos);
    keepNow(startPaths.diets(latest), body.dietas);
    for (const [workoutId, page] of Object.entries(body.exercicios ?? {})) keepNow(startPaths.exercises(Number(workoutId)), page);
    for (const [workoutId, page] of Object.entries(body.sessoes ?? {})) keepNow(startPaths.sessions(Number(workoutId)), page);
  });
  // An answer of an unexpected shape answers nothing: the app asks for that part itself.
  const keepPart = (path: string, part: (body: HomeAnswer) => unknown) =>
    keep(path, home.then((answer) => (answer?.data ? asAnswer(part(answer.data as HomeAnswer), answer.status) : null)).catch(() => null));
  keepPart(startPaths.client(userId), (body) => body.cliente);
  keepPart(startPaths.evaluations(userId), (body) => body.avaliacoes);
  // A workout's or a diet's screen reads it before anything else: its item in the latest plan's list answers it.
  const [, screen, id] = /^\/(workout|diet)\/(\d+)$/.exec(pathname) ?? [];
  const itemOf = (list: HomeAnswer['treinos'], itemId: number) => list?.results?.find((item) => item.id === itemId);
  if (screen === 'workout') {
    keepPart(startPaths.workout(Number(id)), (body) => itemOf(body.treinos, Number(id)));
    keepPart(startPaths.exercises(Number(id)), (body) => body.exercicios?.[id!]);
  }
  if (screen === 'diet') keepPart(startPaths.diet(Number(id)), (body) => itemOf(body.dietas, Number(id)));
}

/** The early answer to `path`, if the session of `token` asked for it within the last minute; taken once. */
export function takeEarlyAnswer(path: string, token: string): Promise<EarlyAnswer | null> | null {
  const requests = earlyRequests();
  const early = requests.get(path);
  if (!early) return null;
  requests.delete(path);
  return early.token === token && performance.now() - early.sentAt < MAX_AGE_MS ? early.answer : null;
}

/** Forgets the answers not taken yet: called before every write. */
export function forgetEarlyResponses(): void {
  holder[GLOBAL] = new Map();
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
