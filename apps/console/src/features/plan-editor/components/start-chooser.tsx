import { type PlanSummary, ROSTER_SEARCH_MAX } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Input } from '@acompanha/ui/input';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useRosterPage } from '../../../lib/roster';
import { useSettledValue } from '../../../lib/settled-value';
import { getPlanHistoryQueryOptions, getPublishedPlanQueryOptions } from '../api/plans';
import { blankPlan, copiedPlan, type PlanForm } from '../model/plan-form';
import { SELECT_CLASSES } from './evaluation-section';
import { publishedLabel } from './published-label';

type Start = 'atual' | 'outro' | 'branco';

/** Where a new plan starts: the client's current plan, another client's, or a blank one (copies are dated today). */
export function StartChooser({ clientId, current, today, onStart }: { clientId: number; current: PlanSummary | undefined; today: string; onStart: (form: PlanForm) => void }) {
  const queryClient = useQueryClient();
  const [start, setStart] = useState<Start>(current ? 'atual' : 'branco');
  const [search, setSearch] = useState('');
  // The first page of the clients the search finds, asked of the API once the typing pauses and 'outro' is chosen.
  const found = useRosterPage({ busca: useSettledValue(search.trim()) }, { enabled: start === 'outro' });
  const others = (found.data?.results ?? []).filter((client) => client.id !== clientId && client.plano !== null);
  const [otherId, setOtherId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const selectError = start === 'outro' && error === 'cliente' ? 'Escolha o cliente.' : undefined;

  const begin = async () => {
    setError(null);
    if (start === 'branco') return onStart(blankPlan(today));
    if (start === 'outro' && otherId === null) return setError('cliente');
    setLoading(true);
    try {
      const sourceId = start === 'atual' ? clientId : otherId!;
      const latest = start === 'atual' ? current : (await queryClient.fetchQuery(getPlanHistoryQueryOptions(sourceId)))[0];
      if (!latest) return onStart(blankPlan(today));
      onStart(copiedPlan(await queryClient.fetchQuery(getPublishedPlanQueryOptions(sourceId, latest.id)), today));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Não foi possível ler o plano.');
    } finally {
      setLoading(false);
    }
  };

  const option = (value: Start, label: string, detail: string, disabled = false) => (
    <label
      htmlFor={`${selectId}-${value}`}
      className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-xl border border-border bg-card p-4 has-checked:border-primary has-checked:bg-primary-soft/40 has-disabled:cursor-not-allowed has-disabled:opacity-60"
    >
      <input id={`${selectId}-${value}`} type="radio" name="inicio" value={value} className="mt-0.5 size-5 accent-primary" checked={start === value} disabled={disabled} onChange={() => setStart(value)} />
      <span className="font-semibold">{label}</span>
      <span className="col-start-2 text-small text-muted-foreground">{detail}</span>
    </label>
  );

  return (
    <section aria-labelledby="inicio-plano" className="flex max-w-2xl flex-col gap-4">
      <h2 id="inicio-plano" className="text-title font-bold">
        Como começar?
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Ponto de partida do plano</legend>
        {option('atual', 'Copiar o plano atual do cliente', current ? `Plano ${current.plano}, ${publishedLabel(current)}.` : 'O cliente ainda não tem plano.', !current)}
        {option('outro', 'Copiar o plano de outro cliente', 'O plano mais recente do cliente escolhido.')}
        {start === 'outro' && (
          <div className="flex flex-col gap-1 pl-4 md:pl-12">
            <label htmlFor={`${selectId}-busca`} className="text-small font-semibold">
              Buscar cliente
            </label>
            <Input
              id={`${selectId}-busca`}
              type="search"
              className="mb-2 h-11 px-3"
              maxLength={ROSTER_SEARCH_MAX}
              placeholder="Nome ou e-mail"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setOtherId(null);
              }}
            />
            <label htmlFor={selectId} className="text-small font-semibold">
              Cliente
            </label>
            <select
              id={selectId}
              className={SELECT_CLASSES}
              value={otherId ?? ''}
              aria-invalid={Boolean(selectError)}
              aria-describedby={selectError ? `${selectId}-erro` : undefined}
              onChange={(event) => setOtherId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{found.isPending ? 'Carregando clientes…' : others.length === 0 ? 'Nenhum cliente com plano encontrado' : 'Escolha o cliente'}</option>
              {others.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.nome} · {client.plano}
                </option>
              ))}
            </select>
            {selectError && (
              <p id={`${selectId}-erro`} className="text-small font-medium text-destructive">
                {selectError}
              </p>
            )}
          </div>
        )}
        {option('branco', 'Começar um plano em branco', 'Um treino vazio para preencher; dietas você adiciona.')}
      </fieldset>
      {error && error !== 'cliente' && (
        <Alert variant="destructive">
          <p>{error}</p>
        </Alert>
      )}
      <Button type="button" className="self-start" pending={loading} onClick={() => void begin()}>
        Começar
      </Button>
    </section>
  );
}
