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

export interface HomeRead {
  answer: z.infer<typeof homeAnswerSchema>;
  /** Date.now() when it was asked for: a write sent since then may not be in it. */
  askedAt: number;
}

/** The start script's read when there is one (a failed one fails: each part then asks for itself), else the API's. */
async function fetchHome(): Promise<HomeRead> {
  const early = takeEarlyHomeRead(tokens.accessToken());
  if (!early) {
    const askedAt = Date.now();
    return { answer: await api.call(paths.home(getCurrentUserId()), homeAnswerSchema), askedAt };
  }
  const answer = homeAnswerSchema.safeParse(await early.answer);
  if (!answer.success) throw new Error("The start script's read of Home failed, or answered what the app cannot read");
  return { answer: answer.data, askedAt: early.sentAt };
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

/** Each part of Home's read, as its own call's fetcher answers it; undefined for a part it lacks or cannot read. */
export const homeParts = {
  client: ({ answer }: HomeRead): Client | undefined => clientReadSchema.safeParse(answer.cliente).data,
  evaluations: ({ answer }: HomeRead): Evaluation[] | undefined => evaluationListReadSchema.safeParse(answer.avaliacoes).data?.results,
  /** The lists are the latest evaluation's only. */
  workouts: (home: HomeRead, evaluationId: number): Workout[] | undefined =>
    latestEvaluationIs(home, evaluationId) ? workoutPageReadSchema.safeParse(home.answer.treinos).data?.results : undefined,
  diets: (home: HomeRead, evaluationId: number): Diet[] | undefined =>
    latestEvaluationIs(home, evaluationId) ? dietPageReadSchema.safeParse(home.answer.dietas).data?.results : undefined,
  workout: (home: HomeRead, workoutId: number): Workout | undefined =>
    workoutPageReadSchema.safeParse(home.answer.treinos).data?.results.find((workout) => workout.id === workoutId),
  diet: (home: HomeRead, dietId: number): Diet | undefined => dietPageReadSchema.safeParse(home.answer.dietas).data?.results.find((diet) => diet.id === dietId),
  exercises: ({ answer }: HomeRead, workoutId: number): Exercise[] | undefined => exercisePageReadSchema.safeParse(answer.exercicios[workoutId]).data?.results,
  sessions: ({ answer }: HomeRead, workoutId: number): Session[] | undefined => sessionPageReadSchema.safeParse(answer.sessoes[workoutId]).data?.results,
};

function latestEvaluationIs(home: HomeRead, evaluationId: number): boolean {
  return homeParts.evaluations(home)?.[0]?.id === evaluationId;
}

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
