import type { Meal } from '@acompanha/contract';
import { Clock, Hourglass } from 'lucide-react';
import { Card } from '@acompanha/ui/card';
import { firstOptionGroups, mealTime } from '../meals';

export function MealCard({ meal }: { meal: Meal }) {
  const time = mealTime(meal);
  const groups = firstOptionGroups(meal);
  return (
    <Card data-slot="meal-card" className="gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-body font-bold">{meal.titulo}</h3>
        {time && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2.5 py-1 text-caption font-semibold text-muted-foreground tabular-nums">
            <Clock aria-hidden className="size-3.5" />
            {time}
          </span>
        )}
      </div>
      {meal.opcoes.length === 0 ? (
        <p className="flex items-center gap-2 text-small font-medium text-warning-soft-foreground">
          <Hourglass aria-hidden className="size-4" />
          Criação de refeição pendente
        </p>
      ) : (
        <ul aria-label={`Itens de ${meal.titulo}`} className="flex flex-wrap gap-2">
          {groups.map((description, index) => (
            <li
              key={`${index}-${description}`}
              data-slot="badge"
              className="rounded-full bg-primary-soft px-3 py-1 text-small font-medium text-primary-soft-foreground"
            >
              {description}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
