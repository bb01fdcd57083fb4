import type { Evaluation } from '@acompanha/contract';
import { useQueries } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { FollowUpBanner } from '../../components/follow-up-banner';
import { NoEvaluationCard } from '../../components/no-evaluation-card';
import { OfflineNotice, waitsForConnection } from '../../components/offline-notice';
import { Alert } from '@acompanha/ui/alert';
import { Skeleton } from '@acompanha/ui/skeleton';
import { useClient } from '../../lib/session/client';
import { awaitFirstScreenReads, restoredQueryClient } from '../../lib/route-context';
import { getEvaluationsQueryOptions, planIncludes, useLatestEvaluation } from '../../lib/session/evaluations';
import { getDietsQueryOptions, getWorkoutsQueryOptions } from '../../lib/plan-lists';
import { homeParts, readFromHome } from '../../lib/session/home';
import { getExercisesQueryOptions } from '../../lib/workout-exercises';
import { getWorkoutSessionsQueryOptions } from '../../lib/workout-sessions';
import { DietsSection } from './components/diets-section';
import { WorkoutsSection } from './components/workouts-section';

/** The evaluations decide what to show; without them there is no plan to show (docs/decisions/012). */
export const PLAN_ERROR_MESSAGE = 'Erro ao carregar seu plano.';

interface HomePageProps {
  /** The water card, composed in by the route: features never import each other. */
  waterCard?: ReactNode;
}

/** Home's reads in the order each needs the one before: on the app's first render, Home waits for them (lib/route-context.ts). */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const queryClient = await restoredQueryClient(context);
  await awaitFirstScreenReads(async () => {
    const [latest] = await readFromHome(queryClient, getEvaluationsQueryOptions(), homeParts.evaluations);
    if (!latest) return;
    const { showsWorkouts, showsDiets } = sectionsOf(latest);
    await Promise.all([
      showsDiets && readFromHome(queryClient, getDietsQueryOptions(latest.id), (home) => homeParts.diets(home, latest.id)),
      showsWorkouts &&
        readFromHome(queryClient, getWorkoutsQueryOptions(latest.id), (home) => homeParts.workouts(home, latest.id)).then((workouts) =>
          Promise.all(
            workouts.flatMap(({ id }) => [
              readFromHome(queryClient, getExercisesQueryOptions(id), (home) => homeParts.exercises(home, id)),
              readFromHome(queryClient, getWorkoutSessionsQueryOptions(id), (home) => homeParts.sessions(home, id)),
            ]),
          ),
        ),
    ]);
  });
  return null;
}

/** SPEC.md §2: the expiry banner, the plan by tier of the latest evaluation, then the water card. */
export function HomePage({ waterCard }: HomePageProps) {
  const planSettled = usePlanSettled();
  return (
    <>
      <DocumentTitle>Início</DocumentTitle>
      <h1 tabIndex={-1} className="sr-only">
        Início
      </h1>
      <FollowUpBanner />
      <PlanContent />
      {/* Below the plan, it waits for it: appearing under a plan still growing, it would be pushed down while read. */}
      {planSettled && waterCard}
    </>
  );
}

/** A client without an evaluation is welcomed by first name, with what happens next. */
function Welcome() {
  const { data: client } = useClient();
  const firstName = client?.nome.trim().split(/\s+/)[0];
  return <NoEvaluationCard heading={firstName ? `Boas-vindas, ${firstName}!` : 'Boas-vindas!'} />;
}

function PlanContent() {
  const evaluationQuery = useLatestEvaluation();
  const { data: evaluation, isPending, isError } = evaluationQuery;
  if (waitsForConnection(evaluationQuery)) return <OfflineNotice />;
  if (isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-7 w-36" />
        <Skeleton className="aspect-[16/11] w-full rounded-2xl" />
      </div>
    );
  }
  if (isError) return <Alert variant="destructive">{PLAN_ERROR_MESSAGE}</Alert>;
  if (evaluation === null) return <Welcome />;
  return <PlanSections evaluation={evaluation} />;
}

/** SPEC.md §1: BASIC shows workouts only, PRO diets only, ULTIMATE both. */
function sectionsOf(evaluation: Evaluation) {
  return { showsWorkouts: planIncludes.workouts(evaluation.plano), showsDiets: planIncludes.diets(evaluation.plano) };
}

/**
 * True once the evaluation and the lists its plan shows have first answered (or failed, or wait for
 * a connection): from then on the plan's height no longer changes while it loads.
 */
function usePlanSettled(): boolean {
  const { data: evaluation, isPending, fetchStatus } = useLatestEvaluation();
  const sections = evaluation ? sectionsOf(evaluation) : null;
  const lists = useQueries({
    queries: [
      ...(evaluation && sections?.showsWorkouts ? [getWorkoutsQueryOptions(evaluation.id)] : []),
      ...(evaluation && sections?.showsDiets ? [getDietsQueryOptions(evaluation.id)] : []),
    ],
  });
  const loading = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'fetching';
  const settled = !loading({ isPending, fetchStatus }) && !lists.some(loading);
  // Once settled it stays so: a failed query fetched again (the water card mounting asks again) is pending once more.
  const [wasSettled, setWasSettled] = useState(false);
  if (settled && !wasSettled) setWasSettled(true);
  return settled || wasSettled;
}

function PlanSections({ evaluation }: { evaluation: Evaluation }) {
  const { showsWorkouts, showsDiets } = sectionsOf(evaluation);
  return (
    <>
      {showsWorkouts && <WorkoutsSection evaluationId={evaluation.id} />}
      {showsDiets && <DietsSection evaluationId={evaluation.id} />}
    </>
  );
}
