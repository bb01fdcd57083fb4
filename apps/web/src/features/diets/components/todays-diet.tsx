import type { Diet } from '@acompanha/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Dumbbell, Moon, Utensils } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@acompanha/ui/cn';
import { getDietsQueryOptions, getWorkoutsQueryOptions } from '../../../lib/plan-lists';
import { planIncludes, useLatestEvaluation } from '../../../lib/session/evaluations';
import { dietOfKind, todaysDietLine, todaysKind } from '../model/todays-diet';

/**
 * Which diet applies today, from the weekdays of the plan's workouts (the lists Home reads, so
 * usually from the cache); with the way to today's diet when this is the other one.
 */
export function TodaysDiet({ diet }: { diet: Diet }) {
  const { data: evaluation } = useLatestEvaluation();
  const withWorkouts = evaluation ? planIncludes.workouts(evaluation.plano) : false;
  const workouts = useQuery({ ...getWorkoutsQueryOptions(evaluation?.id ?? 0), enabled: withWorkouts });
  const kind = todaysKind(workouts.data);
  const line = todaysDietLine(diet, kind);
  const diets = useQuery({ ...getDietsQueryOptions(evaluation?.id ?? 0), enabled: evaluation !== undefined && evaluation !== null && line.isToday === false });
  // Until the workouts answer, nothing: a line that changes its mind would be worse than a late one.
  if (evaluation === undefined || (withWorkouts && workouts.isPending && workouts.fetchStatus !== 'idle')) return <div aria-hidden className="min-h-12" />;
  const todays = kind && line.isToday === false ? dietOfKind(diets.data, kind) : undefined;
  const Icon = kind === 'training' ? Dumbbell : kind === 'rest' ? Moon : Utensils;
  return (
    <div
      data-slot="todays-diet"
      className={cn(
        'flex min-h-12 items-start gap-3 rounded-xl px-4 py-3 text-small',
        line.isToday ? 'bg-primary-soft text-primary-soft-foreground' : 'bg-muted text-foreground',
      )}
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col items-start">
        <p>
          {line.today && <strong className="font-bold">{line.today}.</strong>} {line.text}
        </p>
        {todays && (
          <Link to={`/diet/${todays.id}`} className="-mb-2 -ml-2 flex min-h-11 items-center gap-0.5 rounded-lg px-2 font-semibold text-primary hover:bg-card">
            Ver dieta de hoje
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        )}
      </div>
    </div>
  );
}
