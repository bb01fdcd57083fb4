import type { Workout } from '@acompanha/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OfflineNotice, waitsForConnection } from '../../../components/offline-notice';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { formatWeekdays } from '@acompanha/ui/dates';
import { cn } from '@acompanha/ui/cn';
import { useWorkouts } from '../api/plan-lists';
import { isPlannedToday, todaysWorkoutIndex } from './todays-workout';
import { WeekStrip } from './week-strip';
import { workoutArtwork } from './workout-artwork';

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
      {workouts.map((workout, position) => (
        <li key={workout.id} className="flex">
          <WorkoutCard workout={workout} position={position} compact />
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
      <div className="flex flex-col overflow-hidden rounded-2xl border border-border">
        <Skeleton className="aspect-[16/9] w-full rounded-none" />
        <div className="flex flex-col gap-1 p-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
    </>
  );
}

function TodaysWorkoutCard({ workouts }: { workouts: Workout[] }) {
  const position = todaysWorkoutIndex(workouts);
  return <WorkoutCard workout={workouts[position]!} position={position} />;
}

function WorkoutCard({ workout, position, compact = false }: { workout: Workout; position: number; compact?: boolean }) {
  return (
    <Link
      to={`/workout/${workout.id}`}
      data-slot="workout-card"
      className="group relative flex flex-1 flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      {/* On the artwork, so that the card is as tall whichever day it is, and the skeleton's shape holds. */}
      {isPlannedToday(workout) && (
        <span className="absolute top-3 left-3 rounded-full bg-card px-2.5 py-0.5 text-caption font-bold text-primary shadow-sm">Hoje</span>
      )}
      <img
        src={workoutArtwork(position)}
        alt=""
        width={320}
        height={180}
        className={cn('w-full object-cover', compact ? 'aspect-[4/3]' : 'aspect-[16/9]')}
      />
      <span className={cn('flex flex-1 flex-col gap-1', compact ? 'p-3' : 'p-4')}>
        <span className={cn('font-bold text-foreground', compact ? 'text-small' : 'text-body')}>{workout.titulo}</span>
        <span className={cn('text-muted-foreground', compact ? 'text-caption' : 'text-small')}>
          {formatWeekdays(workout.dias)}
        </span>
      </span>
    </Link>
  );
}
