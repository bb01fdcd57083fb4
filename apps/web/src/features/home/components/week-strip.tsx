import { weekdayLabel, weekdayOf, type Workout } from '@acompanha/contract';
import { Check, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@acompanha/ui/cn';
import { useWeekSessions } from '../api/week-sessions';

/** The week from Monday, one mark per day a session was done, and the way to every session (the history). */
export function WeekStrip({ workouts }: { workouts: readonly Workout[] }) {
  const { days, isPending } = useWeekSessions(workouts);
  const done = days.filter((day) => day.trained).length;
  return (
    <div className="flex flex-col gap-2" aria-busy={isPending}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-small font-semibold text-muted-foreground">
          Esta semana: {done} {done === 1 ? 'treino' : 'treinos'}
        </p>
        {/* A 44 px target in the line's 20 px: the strip keeps its height, so nothing below moves. */}
        <Link
          to="/historico"
          className="-my-3 -mr-2 flex min-h-11 shrink-0 items-center gap-0.5 whitespace-nowrap rounded-xl px-2 text-small font-semibold text-primary hover:bg-muted"
        >
          Ver histórico
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </div>
      <ol aria-label="Treinos desta semana" className="grid grid-cols-7 gap-1.5">
        {days.map(({ date, trained, isToday }) => {
          const label = weekdayLabel(weekdayOf(date));
          return (
            <li key={date.toISOString()} className="flex flex-col items-center gap-1">
              <span aria-hidden className={cn('text-caption font-semibold', isToday ? 'text-foreground' : 'text-muted-foreground')}>
                {label.slice(0, 3)}
              </span>
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2',
                  trained ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card',
                  isToday && !trained && 'border-primary',
                )}
              >
                {trained && <Check aria-hidden className="size-5" />}
                <span className="sr-only">
                  {label}
                  {isToday ? ' (hoje)' : ''}: {trained ? 'treino feito' : 'sem treino'}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
