import { formatDay } from '@acompanha/ui/format';
import { Skeleton } from '@acompanha/ui/skeleton';
import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useClientId } from '../../lib/client-id';
import { usePlanHistory, usePublishedPlan } from './api/plans';
import { PlanView } from './components/plan-view';
import { publisherLabel } from './components/published-label';
import { fromPlanFile } from './model/plan-form';

/** `/clientes/:id/planos/:avaliacaoId`: one published plan, read-only, with who published it and when. */
export function PlanPage() {
  const clientId = useClientId();
  const evaluationId = Number(useParams().avaliacaoId);
  const plan = usePublishedPlan(clientId, evaluationId);
  const summary = usePlanHistory(clientId).data?.find((entry) => entry.id === evaluationId);

  return (
    <section aria-labelledby="plano-publicado" className="flex flex-col gap-4">
      <Link to=".." relative="path" className="-ml-1 flex items-center gap-1 self-start rounded-lg text-small font-semibold text-primary hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        Todos os planos
      </Link>
      <div className="flex flex-col gap-1">
        <h2 id="plano-publicado" className="text-title font-bold">
          {summary ? `Plano ${summary.plano} · consulta de ${formatDay(summary.data_consulta)}` : 'Plano publicado'}
        </h2>
        {summary && <p className="text-small text-muted-foreground first-letter:uppercase">{publisherLabel(summary)}.</p>}
      </div>
      {plan.isPending ? (
        <Skeleton className="h-64" aria-busy />
      ) : plan.isError ? (
        <LoadError error={plan.error} retrying={plan.isFetching} onRetry={() => void plan.refetch()} />
      ) : (
        <PlanView plan={fromPlanFile(plan.data)} />
      )}
    </section>
  );
}
