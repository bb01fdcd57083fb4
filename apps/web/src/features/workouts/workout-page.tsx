import { formatWeekdays, type Exercise, type Workout } from '@acompanha/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Circle, CircleCheck, CircleDot, Dumbbell, Info, Play, StretchHorizontal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DocumentTitle } from '../../components/document-title';
import { NotInPlanNotice } from '../../components/not-in-plan-notice';
import { QueryState } from '../../components/query-state';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { cn } from '@acompanha/ui/cn';
import { Disclosure } from '@acompanha/ui/disclosure';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@acompanha/ui/tabs';
import { awaitFirstScreenReads, restoredQueryClient } from '../../lib/route-context';
import { homeParts, readFromHome } from '../../lib/session/home';
import { START_TRAINING_PARAM } from '../../lib/train-link';
import { getExerciseHistoryQueryOptions } from './api/history-queries';
import { getExercisesQueryOptions, getWorkoutQueryOptions, useExercises, useWorkout } from './api/workout-queries';
import { ExercisePanel } from './components/exercise-panel';
import { NotificationNotice } from './training/components/notification-notice';
import { TrainBar } from './training/components/train-bar';
import { focusTrainSets } from './training/components/train-sets';
import { progressOf } from './training/model/progress';
import { unlockRestSound } from './training/rest/rest-sound';
import { useRestActions } from './training/rest/rest-timer';
import { startTrainSession, useActivityOf, useIsTraining, useSets, useTrainedWorkoutId, useTrainedWorkoutTitle } from './training/store/train-session';

/** Starts the workout and its exercises together, holding only the app's first render for them (lib/route-context.ts). */
export async function workoutLoader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const queryClient = await restoredQueryClient(context);
  // Started on every visit, awaited on the first screen only; a failed read shows on the screen.
  const reads = Promise.all([
    readFromHome(queryClient, getWorkoutQueryOptions(id), (home) => homeParts.workout(home, id)),
    readFromHome(queryClient, getExercisesQueryOptions(id), (home) => homeParts.exercises(home, id)),
  ]).catch(() => undefined);
  await awaitFirstScreenReads(() => reads);
  return null;
}

/** Choosing an exercise only changes `?exercicio=`: the workout's queries are already under way. */
export function workoutShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function WorkoutPage() {
  const workoutId = Number(useParams().id);
  const workout = useWorkout(workoutId);
  const exercises = useExercises(workoutId);
  const training = useIsTraining(workoutId);
  // A workout that cannot load is the whole screen: its notices and exercises would only repeat the failure.
  return (
    <>
      <DocumentTitle>{workout.data?.titulo ?? 'Treino'}</DocumentTitle>
      {training ? <BackLink to="/" label="Sair do modo treino" /> : <BackLink to="/" label="Início" ariaLabel="Voltar para o início" />}
      <QueryState
        query={workout}
        skeleton={<WorkoutSkeleton />}
        error="Erro ao carregar treino."
        errorDetail={<NotInPlanNotice content="workouts" />}
        onRetry={() => {
          void workout.refetch();
          if (exercises.isError) void exercises.refetch();
        }}
      >
        {(loaded) => (
          <>
            <WorkoutHeader workout={loaded} />
            <TrainStart workoutId={workoutId} />
            <Notices workoutId={workoutId} />
            <ExerciseTabs workoutId={workoutId} />
          </>
        )}
      </QueryState>
    </>
  );
}

function WorkoutSkeleton() {
  return (
    <>
      <div aria-busy="true" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-7 w-36 rounded-full" />
      </div>
      <ExercisesSkeleton />
    </>
  );
}

/**
 * 'Iniciar treino' starts a session of this workout; while another workout's session runs, a way
 * back to it instead (one session at a time). The exercise's sets then take focus.
 */
function TrainStart({ workoutId }: { workoutId: number }) {
  const { data: workout } = useWorkout(workoutId);
  const { data: exercises, isPending: exercisesPending } = useExercises(workoutId);
  // Which workout is trained, not the session: a set ticked does not render this.
  const trainedWorkoutId = useTrainedWorkoutId();
  const trainedTitle = useTrainedWorkoutTitle();
  const training = trainedWorkoutId === workoutId;
  const queryClient = useQueryClient();
  const { requestPermission } = useRestActions();
  const [search, setSearch] = useSearchParams();
  const start = (started: Workout) => {
    startTrainSession(started);
    // This tap lets the rests' chime play and asks, if undecided, to notify their ends: the rests
    // are what the session is for, and the first set's tick then has neither to do.
    unlockRestSound();
    void requestPermission();
    // The history of every exercise, so that the summary can tell a new record even offline later on.
    for (const exercise of exercises ?? []) void queryClient.prefetchQuery(getExerciseHistoryQueryOptions(exercise.id));
    const current = currentExercise(exercises ?? [], search) ?? exercises?.[0];
    if (current) focusTrainSets(current.id);
  };
  const startAsked = useRef(false);
  const linkAsksToStart = search.has(START_TRAINING_PARAM);
  // Home's 'Iniciar treino' (lib/train-link.ts): once the workout and its exercises are read, start as
  // the button below would, unless a session already runs (this one's, or another's, which this screen points to).
  useEffect(() => {
    if (!linkAsksToStart || !workout || exercisesPending || startAsked.current) return;
    startAsked.current = true;
    setSearch(
      (params) => {
        params.delete(START_TRAINING_PARAM);
        return params;
      },
      { replace: true },
    );
    if (trainedWorkoutId === null) start(workout);
  });
  if (!workout || training) return null;
  if (trainedWorkoutId !== null) {
    return (
      <Alert variant="info">
        <p>Há um treino em andamento: {trainedTitle}.</p>
        <Link to={`/workout/${trainedWorkoutId}`} className="self-start font-semibold underline underline-offset-4">
          Voltar ao treino
        </Link>
      </Alert>
    );
  }
  return (
    <Button className="w-full" onClick={() => start(workout)}>
      <Play aria-hidden />
      Iniciar treino
    </Button>
  );
}

/**
 * The links to mobility and training methods, the notification notice and the workout's note;
 * during a session, folded into one line, so that the exercise comes first.
 */
function Notices({ workoutId }: { workoutId: number }) {
  const training = useIsTraining(workoutId);
  const notices = (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Button asChild variant="outline" size="sm" className="h-auto min-h-12 py-2 whitespace-normal">
          <Link to="/mobility">
            <StretchHorizontal aria-hidden />
            Mobilidade
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm" className="h-auto min-h-12 py-2 whitespace-normal">
          <Link to="/exercise-methods">
            <Dumbbell aria-hidden />
            Métodos de treinamento
          </Link>
        </Button>
      </div>
      <NotificationNotice />
      <WorkoutNote workoutId={workoutId} />
    </>
  );
  if (!training) return notices;
  return (
    <Disclosure summary="Avisos e atalhos do treino" icon={Info}>
      {notices}
    </Disclosure>
  );
}

function WorkoutHeader({ workout }: { workout: Workout }) {
  const days = formatWeekdays(workout.dias);
  return (
    <div className="flex flex-col items-start gap-2">
      <h1 tabIndex={-1} className="text-headline font-bold tracking-tight focus:outline-none">
        {workout.titulo}
      </h1>
      {days && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-small font-semibold text-primary-soft-foreground">
          <CalendarDays aria-hidden className="size-4" />
          {days}
        </span>
      )}
    </div>
  );
}

function WorkoutNote({ workoutId }: { workoutId: number }) {
  const { data: workout } = useWorkout(workoutId);
  if (!workout?.observacao) return null;
  return (
    <div role="note" className="flex items-start gap-3 rounded-xl bg-warning-soft px-4 py-3 text-small font-medium text-warning-soft-foreground">
      <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>{workout.observacao}</p>
    </div>
  );
}

function ExerciseTabs({ workoutId }: { workoutId: number }) {
  const exercises = useExercises(workoutId);
  return (
    <QueryState query={exercises} skeleton={<ExercisesSkeleton />} error="Erro ao carregar exercícios.">
      {(loaded) =>
        loaded.length === 0 ? (
          <Alert variant="info">Nenhum exercício foi encontrado.</Alert>
        ) : (
          <ExerciseTabList workoutId={workoutId} exercises={loaded} />
        )
      }
    </QueryState>
  );
}

function ExercisesSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <div className="flex gap-2">
        <Skeleton className="h-11 w-36 rounded-full" />
        <Skeleton className="h-11 w-36 rounded-full" />
      </div>
      <Skeleton className="h-7 w-2/3" />
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-20 rounded-xl" />
        ))}
      </div>
      <Skeleton className="aspect-video w-full rounded-xl" />
    </div>
  );
}

const PROGRESS_ICONS = { done: CircleCheck, partial: CircleDot, untouched: Circle };

/** An exercise in train mode's list: its name (the tab's name) and how far it is done (its description). */
function ExerciseTrigger({ exercise }: { exercise: Exercise }) {
  const progress = progressOf(useSets(exercise));
  const activity = useActivityOf(exercise)!;
  const Icon = PROGRESS_ICONS[progress.state];
  const nameId = `exercicio-${exercise.id}-nome`;
  const stateId = `exercicio-${exercise.id}-estado`;
  return (
    <TabsTrigger value={String(exercise.id)} aria-labelledby={nameId} aria-describedby={stateId}>
      <Icon aria-hidden className={cn('size-5 shrink-0', progress.state === 'untouched' && 'opacity-60')} />
      <span id={nameId} className="flex-1">
        {activity.titulo}
      </span>
      <span id={stateId} className="shrink-0 text-caption font-semibold tabular-nums">
        {progress.label}
      </span>
    </TabsTrigger>
  );
}

/** The exercise `?exercicio=` names (the rest bar's way back, a reload mid-session), if it is one of these. */
function currentExercise(exercises: readonly Exercise[], search: URLSearchParams): Exercise | undefined {
  return exercises.find((exercise) => String(exercise.id) === search.get('exercicio'));
}

/** Shows the exercise the address names, else the first; choosing one puts it in the address. */
function ExerciseTabList({ workoutId, exercises }: { workoutId: number; exercises: Exercise[] }) {
  const [search, setSearch] = useSearchParams();
  const training = useIsTraining(workoutId);
  const current = currentExercise(exercises, search) ?? exercises[0]!;
  const currentIndex = exercises.indexOf(current);
  const open = (exerciseId: number) => setSearch({ exercicio: String(exerciseId) }, { replace: true, preventScrollReset: true });
  return (
    <>
      {/* In train mode the exercises are listed top to bottom, each with how far it is done. */}
      <Tabs value={String(current.id)} onValueChange={(value) => open(Number(value))} orientation={training ? 'vertical' : 'horizontal'}>
        <TabsList aria-label="Exercícios">
          {exercises.map((exercise) =>
            training ? (
              <ExerciseTrigger key={exercise.id} exercise={exercise} />
            ) : (
              <TabsTrigger key={exercise.id} value={String(exercise.id)}>
                {exercise.atividade.titulo}
              </TabsTrigger>
            ),
          )}
        </TabsList>
        {exercises.map((exercise, index) => {
          const next = exercises[index + 1];
          return (
            <TabsContent key={exercise.id} value={String(exercise.id)}>
              <ExercisePanel workoutId={workoutId} exercise={exercise} training={training} next={next && { exercise: next, open: () => openNext(next.id) }} />
            </TabsContent>
          );
        })}
      </Tabs>
      <TrainBar workoutId={workoutId} exercises={exercises} current={currentIndex} />
    </>
  );

  /** The next exercise, its sets in focus and in view. */
  function openNext(exerciseId: number) {
    open(exerciseId);
    focusTrainSets(exerciseId);
  }
}
