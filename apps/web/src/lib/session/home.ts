import {
  clientReadSchema,
  dietPageReadSchema,
  evaluationListReadSchema,
  exercisePageReadSchema,
  paths,
  sessionPageReadSchema,
  workoutPageReadSchema,
  type Client,
  type Diet,
  type Evaluation,
  type Exercise,
  type Session,
  type Workout,
} from '@acompanha/contract';
import { queryOptions, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../api-client';
import { hasEarlyHomeRead, takeEarlyHomeRead } from '../early-home-read';
import { isFirstScreen } from '../route-context';
import { getCurrentUserId } from './current-user';
import { sessionKeys } from './query-keys';
import { tokens } from './tokens';

/** Home's read as far as the app trusts it whole: each part is read with its own call's schema (`homeParts`). */
const homeAnswerSchema = z.object({
  cliente: z.unknown(),
  avaliacoes: z.unknown(),
  treinos: z.unknown(),
  dietas: z.unknown(),
  exercicios: z.record(z.string(), z.unknown()),
  sessoes: z.record(z.string(), z.unknown()),
});

/** Each part of Home's read, read once with its own call's schema; undefined for a part it lacks or cannot read. */
export interface HomeParts {
  client: Client | undefined;
  evaluations: Evaluation[] | undefined;
  /** The latest evaluation's lists. */
  workouts: Workout[] | undefined;
  diets: Diet[] | undefined;
  /** By workout id. */
  exercises: Record<string, Exercise[] | undefined>;
  sessions: Record<string, Session[] | undefined>;
}

export interface HomeRead {
  parts: HomeParts;
  /** Date.now() when it was asked for: a write sent since then may not be in it. */
  askedAt: number;
}

/** Reads each part of Home's answer as its own call's fetcher reads that call's answer. */
export function readHomeParts(answer: z.infer<typeof homeAnswerSchema>): HomeParts {
  const byWorkout = <T>(pages: Record<string, unknown>, read: (page: unknown) => T | undefined) =>
    Object.fromEntries(Object.entries(pages).map(([workoutId, page]) => [workoutId, read(page)]));
  return {
    client: clientReadSchema.safeParse(answer.cliente).data,
    evaluations: evaluationListReadSchema.safeParse(answer.avaliacoes).data?.results,
    workouts: workoutPageReadSchema.safeParse(answer.treinos).data?.results,
    diets: dietPageReadSchema.safeParse(answer.dietas).data?.results,
    exercises: byWorkout(answer.exercicios, (page) => exercisePageReadSchema.safeParse(page).data?.results),
    sessions: byWorkout(answer.sessoes, (page) => sessionPageReadSchema.safeParse(page).data?.results),
  };
}

/** The start script's read when there is one (a failed one fails: each part then asks for itself), else the API's. */
async function fetchHome(): Promise<HomeRead> {
  const early = takeEarlyHomeRead(tokens.accessToken());
  if (!early) {
    const askedAt = Date.now();
    return { parts: readHomeParts(await api.call(paths.home(getCurrentUserId()), homeAnswerSchema)), askedAt };
  }
  const answer = homeAnswerSchema.safeParse(await early.answer);
  if (!answer.success) throw new Error("The start script's read of Home failed, or answered what the app cannot read");
  return { parts: readHomeParts(answer.data), askedAt: early.sentAt };
}

/**
 * Home's read (decision 050, `GET /v1/clientes/{id}/inicio`): the client, their evaluations, the latest
 * plan's lists, and each workout's exercises and latest sessions, each part as its own call answers
 * it. It takes the start script's read when there is one (early-home-read.ts). The screens keep
 * what it answered under their own keys (`readFromHome`), so it is kept only for a minute, and
 * never on the device.
 */
export function getHomeQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.home, queryFn: fetchHome, staleTime: Infinity, gcTime: 60_000, meta: { persist: false } });
}

/** What each screen's query takes from Home's read. */
export const homeParts = {
  client: ({ parts }: HomeRead) => parts.client,
  evaluations: ({ parts }: HomeRead) => parts.evaluations,
  /** The lists are the latest evaluation's only. */
  workouts: ({ parts }: HomeRead, evaluationId: number) => (parts.evaluations?.[0]?.id === evaluationId ? parts.workouts : undefined),
  diets: ({ parts }: HomeRead, evaluationId: number) => (parts.evaluations?.[0]?.id === evaluationId ? parts.diets : undefined),
  workout: ({ parts }: HomeRead, workoutId: number) => parts.workouts?.find((workout) => workout.id === workoutId),
  diet: ({ parts }: HomeRead, dietId: number) => parts.diets?.find((diet) => diet.id === dietId),
  exercises: ({ parts }: HomeRead, workoutId: number) => parts.exercises[workoutId],
  sessions: ({ parts }: HomeRead, workoutId: number) => parts.sessions[workoutId],
};

/**
 * A screen's query, answered from Home's read while the app's first screen loads, when the start
 * script sent one: the loaders of the signed-in layout and of the plan's screens start each of their
 * queries so, and the screen's own hooks then find it read, or being read, instead of asking again.
 * The query asks for itself when Home's read lacks its part, failed, or is older than a write sent
 * since (a load edit replayed at start must show). Data kept on the device and fresh enough asks for nothing.
 */
export async function readFromHome<T, Key extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, Key>,
  part: (home: HomeRead) => T | undefined,
): Promise<T> {
  // The start script's read waiting to be taken, or Home's query read or being read (by another
  // loader) for the first screen. Once it has rendered, every query asks for itself.
  const homeIsAtHand =
    hasEarlyHomeRead(tokens.accessToken()) || (isFirstScreen() && (queryClient.getQueryState(sessionKeys.home)?.status ?? 'error') !== 'error');
  // Data at hand renders at once; stale data is read again meanwhile, as the screen's hooks would.
  const { queryFn } = options;
  if (!homeIsAtHand || typeof queryFn !== 'function') return queryClient.ensureQueryData({ ...options, revalidateIfStale: true });
  // Only the query's first read is Home's: a later one (the query invalidated, refetched) asks for itself.
  let answered = false;
  return queryClient.ensureQueryData({
    ...options,
    revalidateIfStale: true,
    queryFn: async (context) => {
      const startedAt = Date.now();
      const writing = writeUnderWay(queryClient);
      const home = answered ? null : await queryClient.fetchQuery(getHomeQueryOptions()).catch(() => null);
      answered = true;
      const value = home && !writing && !writtenBetween(queryClient, home.askedAt, startedAt) ? part(home) : undefined;
      return value !== undefined ? value : queryFn(context);
    },
  });
}

// Every write of the app is a mutation. One the server may not have had when Home's read was
// answered keeps it out: sent after the read was asked, or going out as this query's read starts (a
// write saved offline, replayed at start). One sent after this query's read has started would race
// the query's own call alike, and does not count.
function writeUnderWay(queryClient: QueryClient): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some(({ state }) => state.status === 'pending' && !state.isPaused);
}

function writtenBetween(queryClient: QueryClient, from: number, to: number): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some(({ state }) => state.submittedAt >= from && state.submittedAt <= to);
}
