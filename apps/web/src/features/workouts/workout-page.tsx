import type { Exercise } from '@acompanha/contract';
import { CalendarDays, Dumbbell, Info, StretchHorizontal } from 'lucide-react';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { HomeBackLink } from '../../components/home-back-link';
import { OfflineDetailScreen, waitsForConnection } from '../../components/offline-notice';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatWeekdays } from '../../lib/dates';
import { restoredQueryClient } from '../../lib/route-context';
import { getExercisesQueryOptions, getWorkoutQueryOptions, useExercises, useWorkout } from './api/workout-queries';
import { ExercisePanel } from './components/exercise-panel';
import { NotificationNotice } from './components/notification-notice';

/** Starts the workout and its exercises together, without holding the navigation. */
export async function workoutLoader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const queryClient = await restoredQueryClient(context);
  void queryClient.prefetchQuery(getWorkoutQueryOptions(id));
  void queryClient.prefetchQuery(getExercisesQueryOptions(id));
  return null;
}

export function WorkoutPage() {
  const workoutId = Number(useParams().id);
  const workout = useWorkout(workoutId);
  const exercises = useExercises(workoutId);
  const title = <DocumentTitle>{workout.data?.titulo ?? 'Treino'}</DocumentTitle>;
  if (waitsForConnection(workout, exercises)) {
    return (
      <>
        {title}
        <OfflineDetailScreen />
      </>
    );
  }
  return (
    <>
      {title}
      <HomeBackLink />
      <WorkoutHeader workoutId={workoutId} />
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
      <ExerciseTabs workoutId={workoutId} />
    </>
  );
}

function WorkoutHeader({ workoutId }: { workoutId: number }) {
  const { data: workout, isPending, isError } = useWorkout(workoutId);
  if (isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-7 w-36 rounded-full" />
      </div>
    );
  }
  if (isError) return <Alert variant="destructive">Erro ao carregar treino.</Alert>;
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
  const { data: exercises, isPending, isError } = useExercises(workoutId);
  if (isPending) {
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
  if (isError) return <Alert variant="destructive">Erro ao carregar exercícios.</Alert>;
  if (exercises.length === 0) return <Alert variant="info">Nenhum exercício foi encontrado.</Alert>;
  return <ExerciseTabList workoutId={workoutId} exercises={exercises} />;
}

/** Opens on the exercise `?exercicio=` names (the rest bar's way back), else the first. */
function ExerciseTabList({ workoutId, exercises }: { workoutId: number; exercises: Exercise[] }) {
  const [search] = useSearchParams();
  const asked = exercises.find((exercise) => String(exercise.id) === search.get('exercicio'));
  return (
    <Tabs defaultValue={String((asked ?? exercises[0]!).id)}>
      <TabsList aria-label="Exercícios">
        {exercises.map((exercise) => (
          <TabsTrigger key={exercise.id} value={String(exercise.id)}>
            {exercise.atividade.titulo}
          </TabsTrigger>
        ))}
      </TabsList>
      {exercises.map((exercise) => (
        <TabsContent key={exercise.id} value={String(exercise.id)}>
          <ExercisePanel workoutId={workoutId} exercise={exercise} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
