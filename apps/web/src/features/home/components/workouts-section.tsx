import { formatWeekdays, type Exercise, type Workout } from '@acompanha/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, ChevronDown, Clock, Dumbbell, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OfflineNotice, waitsForConnection } from '../../../components/offline-notice';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { cn } from '@acompanha/ui/cn';
import { isPlannedToday, useWorkouts } from '../../../lib/plan-lists';
import { startTrainingPath } from '../../../lib/train-link';
import { getExercisesQueryOptions } from '../../../lib/workout-exercises';
import { useLastSessionStart } from '../api/week-sessions';
import { lastDoneLabel } from '../model/last-done';
import { estimatedMinutes } from '../model/workout-duration';
import { workoutFocus } from '../model/workout-focus';
import { todaysWorkoutIndex } from './todays-workout';
import { WeekStrip } from './week-strip';
import { WorkoutArtwork } from './workout-artwork';

export function WorkoutsSection({ evaluationId }: { evaluationId: number }) {
  const workoutsQuery = useWorkouts(evaluationId);
  const { data: workouts, isPending, isError } = workoutsQuery;
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const listId = useId();
  const canShowAll = (workouts?.length ?? 0) > 1;

  return (
    <section aria-labelledby={headingId} aria-busy={isPending} className="flex flex-col gap-3">
      <div className="flex min-h-11 items-center justify-between gap-2">
        <h2 id={headingId} className="text-title font-bold tracking-tight">
          Meus treinos
        </h2>
        {canShowAll && (
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 text-primary"
            aria-expanded={showAll}
            aria-controls={listId}
            onClick={() => setShowAll((shown) => !shown)}
          >
            Ver todos
            <ChevronDown aria-hidden className={cn('transition-transform', showAll && 'rotate-180')} />
          </Button>
        )}
      </div>
      {waitsForConnection(workoutsQuery) ? (
        <OfflineNotice />
      ) : isPending ? (
        <WorkoutCardSkeleton />
      ) : isError ? (
        <Alert variant="destructive">Erro ao carregar treinos</Alert>
      ) : workouts.length === 0 ? (
        <Alert variant="info">Criação do treino em andamento... 🏗️</Alert>
      ) : (
        <>
          <WeekStrip workouts={workouts} />
          <WorkoutCards workouts={workouts} showAll={showAll} listId={listId} />
        </>
      )}
    </section>
  );
}

function WorkoutCards({ workouts, showAll, listId }: { workouts: Workout[]; showAll: boolean; listId: string }) {
  return showAll ? (
    <ul id={listId} className="grid grid-cols-2 gap-3">
      {workouts.map((workout) => (
        <li key={workout.id} className="flex min-w-0">
          <WorkoutCard workout={workout} compact />
        </li>
      ))}
    </ul>
  ) : (
    <div id={listId}>
      <TodaysWorkoutCard workouts={workouts} />
    </div>
  );
}

/** The shape of the week strip and a workout card, so that nothing below moves when they arrive. */
function WorkoutCardSkeleton() {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-14 w-full" />
      </div>
      {/* The card's lines, each as tall as the card's own: the title (24 px), the days, the facts and when last done (20 px each). */}
      <div className="flex flex-col gap-3 rounded-2xl border border-border p-4">
        <div className="flex gap-3">
          <Skeleton className="size-18 rounded-xl" />
          <div className="flex flex-1 flex-col gap-0.5">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="my-0.5 h-4 w-28" />
            <Skeleton className="my-0.5 h-4 w-32" />
            <Skeleton className="my-0.5 h-4 w-28" />
          </div>
        </div>
        <Skeleton className="h-12 w-full rounded-xl" />
      </div>
    </>
  );
}

function TodaysWorkoutCard({ workouts }: { workouts: Workout[] }) {
  return <WorkoutCard workout={workouts[todaysWorkoutIndex(workouts)]!} />;
}

/**
 * A workout at a glance: its artwork (by the muscle groups of its exercises), title and days, how
 * many exercises and about how long, when it was last done, and 'Iniciar treino', which opens it
 * with a session started. The title is the card's link to the workout, stretched over the card.
 */
function WorkoutCard({ workout, compact = false }: { workout: Workout; compact?: boolean }) {
  const titleId = useId();
  // Placeholders while a first answer is on its way; nothing when it cannot come (offline, a failure): the rest of the card stands.
  const { data: exercises, isFetching: exercisesLoading } = useQuery(getExercisesQueryOptions(workout.id));
  const { data: lastStart, isFetching: sessionsLoading } = useLastSessionStart(workout.id);
  const today = isPlannedToday(workout);
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-slot="workout-card"
      className={cn(
        'relative flex flex-1 flex-col rounded-2xl border border-border bg-card shadow-sm transition-shadow has-[a[data-stretched]:hover]:shadow-md',
        compact ? 'gap-2.5 p-3' : 'gap-3 p-4',
      )}
    >
      <div className={cn('flex items-start', compact ? 'flex-col gap-2' : 'gap-3')}>
        <WorkoutArtwork focus={exercises ? workoutFocus(exercises) : null} className={compact ? 'size-12' : 'size-18'} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className={cn('font-bold text-foreground', compact ? 'text-small' : 'text-body')}>
              <Link
                to={`/workout/${workout.id}`}
                data-stretched=""
                className="rounded-sm after:absolute after:inset-0 after:rounded-2xl"
              >
                {workout.titulo}
              </Link>
            </h3>
            {today && (
              <span className="shrink-0 rounded-full bg-primary-soft px-2.5 py-0.5 text-caption font-bold text-primary-soft-foreground">Hoje</span>
            )}
          </div>
          <p className={cn('text-muted-foreground', compact ? 'text-caption' : 'text-small')}>{formatWeekdays(workout.dias)}</p>
          <WorkoutFacts exercises={exercises} loading={exercisesLoading} compact={compact} />
          {lastStart !== undefined ? (
            <p className={cn('flex items-center gap-1.5 text-muted-foreground', compact ? 'text-caption' : 'text-small')}>
              <CalendarCheck aria-hidden className="size-4 shrink-0" />
              {lastDoneLabel(lastStart)}
            </p>
          ) : (
            sessionsLoading && <Skeleton className="my-0.5 h-4 w-28" />
          )}
        </div>
      </div>
      {/* Above the stretched title link, so that it is a target of its own. */}
      <Button asChild size={compact ? 'sm' : 'default'} className={cn('relative z-10 w-full', compact && 'px-3')}>
        <Link to={startTrainingPath(workout.id)} aria-describedby={titleId}>
          {/* Half a phone's width holds the words, not the icon too. */}
          {!compact && <Play aria-hidden />}
          Iniciar treino
        </Link>
      </Button>
    </div>
  );
}

/** '7 exercícios · ~45 min' (workout-duration.ts), a placeholder while the exercises load. */
function WorkoutFacts({ exercises, loading, compact }: { exercises: Exercise[] | undefined; loading: boolean; compact: boolean }) {
  const text = compact ? 'text-caption' : 'text-small';
  if (!exercises) return loading ? <Skeleton className="my-0.5 h-4 w-32" /> : null;
  const minutes = estimatedMinutes(exercises);
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-0.5 text-muted-foreground', text)}>
      <span className="flex items-center gap-1.5">
        <Dumbbell aria-hidden className="size-4 shrink-0" />
        {exercises.length} {exercises.length === 1 ? 'exercício' : 'exercícios'}
      </span>
      {minutes > 0 && (
        <span className="flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 shrink-0" />
          <span>
            <span className="sr-only">cerca de </span>
            <span aria-hidden>~</span>
            {minutes} min
          </span>
        </span>
      )}
    </p>
  );
}
