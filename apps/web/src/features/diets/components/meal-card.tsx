import type { Meal } from '@acompanha/contract';
import { Clock, Hourglass } from 'lucide-react';
import { Card } from '@acompanha/ui/card';
import { Disclosure } from '@acompanha/ui/disclosure';
import { mealTime, optionGroups } from '../meals';

/**
 * A meal as a plan reads: its title and time, the first option's food groups one per line, and
 * the other options folded under 'Outras opções'.
 */
export function MealCard({ meal }: { meal: Meal }) {
  const time = mealTime(meal);
  const [first, ...others] = meal.opcoes;
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
      {first === undefined ? (
        <p className="flex items-center gap-2 text-small font-medium text-warning-soft-foreground">
          <Hourglass aria-hidden className="size-4" />
          Criação de refeição pendente
        </p>
      ) : (
        <FoodLines label={`Itens de ${meal.titulo}`} groups={optionGroups(first)} />
      )}
      {others.length > 0 && (
        <Disclosure summary="Outras opções" className="bg-muted/50">
          {others.map((option, index) => (
            <div key={option.id} className="flex flex-col gap-1">
              <p className="text-caption font-bold tracking-wide text-muted-foreground uppercase">Opção {index + 2}</p>
              <FoodLines label={`Opção ${index + 2} de ${meal.titulo}`} groups={optionGroups(option)} />
            </div>
          ))}
        </Disclosure>
      )}
    </Card>
  );
}

function FoodLines({ label, groups }: { label: string; groups: string[] }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {groups.map((description, index) => (
        <li key={`${index}-${description}`} className="flex items-start gap-2.5 py-1.5 text-body first:pt-0 last:pb-0">
          <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" />
          {description}
        </li>
      ))}
    </ul>
  );
}
