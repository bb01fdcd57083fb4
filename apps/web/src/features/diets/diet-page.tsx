import { Pill } from 'lucide-react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Diet } from '@acompanha/contract';
import { BackLink } from '../../components/back-link';
import { DocumentTitle } from '../../components/document-title';
import { NotInPlanNotice } from '../../components/not-in-plan-notice';
import { QueryState } from '../../components/query-state';
import { Alert } from '@acompanha/ui/alert';
import { Disclosure } from '@acompanha/ui/disclosure';
import { Skeleton } from '@acompanha/ui/skeleton';
import { awaitFirstScreenReads, restoredQueryClient } from '../../lib/route-context';
import { homeParts, readFromHome } from '../../lib/session/home';
import { getDietQueryOptions, getMealsQueryOptions, useDiet, useMeals } from './api/diet-queries';
import { MealCard } from './components/meal-card';
import { TodaysDiet } from './components/todays-diet';
import { SUPPLEMENT_BRANDS } from './diet-content';
import { sortMeals } from './meals';

/** Starts the diet and its meals together, holding only the app's first render for them (lib/route-context.ts). */
export async function dietLoader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const queryClient = await restoredQueryClient(context);
  // Started on every visit, awaited on the first screen only; a failed read shows on the screen. The
  // meals are not in Home's read: they are asked for beside the diet.
  const reads = Promise.all([
    readFromHome(queryClient, getDietQueryOptions(id), (home) => homeParts.diet(home, id)),
    queryClient.ensureQueryData({ ...getMealsQueryOptions(id), revalidateIfStale: true }),
  ]).catch(() => undefined);
  await awaitFirstScreenReads(() => reads);
  return null;
}

export function DietPage() {
  const dietId = Number(useParams().id);
  const diet = useDiet(dietId);
  const meals = useMeals(dietId);
  // A diet that cannot load is the whole screen: its supplements and meals would only repeat the failure.
  return (
    <>
      <DocumentTitle>{diet.data?.titulo ?? 'Dieta'}</DocumentTitle>
      <BackLink to="/" label="Início" ariaLabel="Voltar para o início" />
      <QueryState
        query={diet}
        skeleton={<DietSkeleton />}
        error="Erro ao carregar dieta."
        errorDetail={<NotInPlanNotice content="diets" />}
        onRetry={() => {
          void diet.refetch();
          if (meals.isError) void meals.refetch();
        }}
      >
        {(loaded) => (
          <>
            <DietHeader diet={loaded} />
            <SupplementNotice />
            <Meals dietId={dietId} />
          </>
        )}
      </QueryState>
    </>
  );
}

function DietSkeleton() {
  return (
    <>
      <div aria-busy="true" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
      <MealsSkeleton />
    </>
  );
}

function DietHeader({ diet }: { diet: Diet }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h1 tabIndex={-1} className="text-headline font-bold tracking-tight focus:outline-none">
          {diet.is_dia_de_treino ? 'Dieta para treino' : 'Dieta para descanso'}
        </h1>
        <p className="text-body font-medium text-muted-foreground">{diet.titulo}</p>
      </div>
      <TodaysDiet diet={diet} />
    </div>
  );
}

/** SPEC.md's 'Suplementação' notice, in its place, folded to one line as the workout's notices are: the meals come first. */
function SupplementNotice() {
  return (
    <section aria-label="Suplementação">
      <Disclosure summary="Suplementação" icon={Pill}>
        <p className="text-small">Marcas que você pode escolher:</p>
        <ul className="flex flex-wrap gap-1.5">
          {SUPPLEMENT_BRANDS.map((brand) => (
            <li key={brand} className="rounded-full bg-muted px-2.5 py-0.5 text-caption font-semibold text-muted-foreground">
              {brand}
            </li>
          ))}
        </ul>
        <p className="text-small">
          Para suplementos ou manipulados,{' '}
          <Link to="/supplements" className="font-bold text-primary underline underline-offset-2">
            Veja aqui
          </Link>
        </p>
      </Disclosure>
    </section>
  );
}

function Meals({ dietId }: { dietId: number }) {
  const meals = useMeals(dietId);
  return (
    <QueryState query={meals} skeleton={<MealsSkeleton />} error="Erro ao carregar refeições.">
      {(loaded) =>
        loaded.length === 0 ? (
          <Alert variant="info">Nenhuma refeição encontrada.</Alert>
        ) : (
          <section aria-label="Refeições">
            <ol className="flex flex-col gap-3">
              {sortMeals(loaded).map((meal) => (
                <li key={meal.id}>
                  <MealCard meal={meal} />
                </li>
              ))}
            </ol>
          </section>
        )
      }
    </QueryState>
  );
}

function MealsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-28 w-full rounded-2xl" />
      ))}
    </div>
  );
}
