import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { formatDay } from '@acompanha/ui/format';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useClientId } from '../../lib/client-id';
import { useMe } from '../../lib/me';
import { useDraft, usePlanHistory } from './api/plans';
import { dateTimeLabel, publisherLabel } from './components/published-label';

/** A client's 'Planos': the draft being edited and by whom, and every published plan, newest first. */
export function PlansTab() {
  const clientId = useClientId();
  const history = usePlanHistory(clientId);
  const draft = useDraft(clientId);
  const me = useMe().data;

  return (
    <section aria-labelledby="planos-publicados" className="flex flex-col gap-4">
      {draft.data && (
        <Alert variant={me && draft.data.editado_por.id !== me.id ? 'warning' : 'info'}>
          <p>
            Rascunho em edição por <strong>{draft.data.editado_por.nome}</strong>, salvo em {dateTimeLabel(draft.data.editado_em)}.
          </p>
          <Button asChild variant="outline" size="sm" className="self-start">
            <Link to={`/clientes/${clientId}/plano`}>Continuar rascunho</Link>
          </Button>
        </Alert>
      )}
      <h2 id="planos-publicados" className="text-title font-bold">
        Planos publicados
      </h2>
      {history.isPending ? (
        <Skeleton className="h-24" aria-busy />
      ) : history.isError ? (
        <LoadError error={history.error} retrying={history.isFetching} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-muted-foreground">Nenhum plano publicado ainda.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {history.data.map((plan, index) => (
            <li key={plan.id} className="flex flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3 shadow-xs md:flex-row md:items-center md:justify-between">
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-semibold">
                  Plano {plan.plano} · consulta de {formatDay(plan.data_consulta)}
                  {index === 0 && <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-caption font-semibold text-primary-soft-foreground">Atual</span>}
                </p>
                <p className="text-small text-muted-foreground first-letter:uppercase">
                  {publisherLabel(plan)} · vence em {formatDay(plan.vencimento)} ·{' '}
                  {plan.treinos === 1 ? '1 treino' : `${plan.treinos} treinos`} · {plan.dietas === 1 ? '1 dieta' : `${plan.dietas} dietas`}
                </p>
              </div>
              <Button asChild variant="outline" size="sm" className="self-start md:self-auto">
                <Link to={`${plan.id}`} aria-label={`Ver plano da consulta de ${formatDay(plan.data_consulta)}`}>
                  Ver plano
                </Link>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
