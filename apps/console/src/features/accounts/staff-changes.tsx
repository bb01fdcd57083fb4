import type { StaffChange, StaffMember } from '@acompanha/contract';
import { formatTime } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { Skeleton } from '@acompanha/ui/skeleton';
import { parseISO } from 'date-fns';
import { LoadError } from '../../components/load-error';
import { LoadMore } from '../../components/load-more';
import { useStaffChanges } from './api/staff-changes';

const FIELD_LABELS: Record<string, string> = { titulo: 'título', grupo_muscular: 'grupo muscular', video: 'vídeo', registro: 'registro' };

/** '26/11/2026 às 14:05' on the device's clock. */
const dateTimeLabel = (iso: string) => {
  const date = parseISO(iso);
  return `${formatDay(date)} às ${formatTime(date)}`;
};

/** 'vídeo: nenhum → https://youtu.be/voador', one per field that changed. */
const changedFields = ({ antes, depois }: StaffChange) =>
  Object.keys(FIELD_LABELS)
    .filter((field) => antes && depois && field in depois && antes[field] !== depois[field])
    .map((field) => `${FIELD_LABELS[field]}: ${antes![field] ?? 'nenhum'} → ${depois![field] ?? 'nenhum'}`);

/** What the change did, in a sentence without its author: 'editou a atividade Voador'. */
function sentenceOf(change: StaffChange, memberName: (id: number) => string): string {
  const activity = change.depois?.titulo ?? change.antes?.titulo ?? `#${change.alvo_id}`;
  switch (change.tipo) {
    case 'ATIVIDADE_CRIADA': {
      const group = change.depois?.grupo_muscular;
      return group ? `criou a atividade ${activity} (${group})` : `criou a atividade ${activity}`;
    }
    case 'ATIVIDADE_EDITADA':
      return `editou a atividade ${change.antes?.titulo ?? activity}`;
    case 'ATIVIDADE_MESCLADA':
      return `mesclou a atividade ${change.antes?.titulo ?? `#${change.alvo_id}`} em ${activity}`;
    case 'ATIVIDADE_RETIRADA':
      return `retirou a atividade ${activity}`;
    case 'REGISTRO_ALTERADO':
      return `alterou o registro profissional de ${memberName(change.alvo_id)}`;
    case 'CONTA_DESATIVADA':
      return `desativou a conta de ${memberName(change.alvo_id)}`;
    case 'CONTA_REATIVADA':
      return `reativou a conta de ${memberName(change.alvo_id)}`;
  }
}

/**
 * 'Alterações da equipe': who changed the activity library, a registration or an account, and when
 * (decision 055). Published plans keep what they were published with; this says what changed since.
 */
export function StaffChanges({ members }: { members: readonly StaffMember[] }) {
  const query = useStaffChanges();
  const changes = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, changes.length);
  const memberName = (id: number) => {
    const member = members.find((held) => held.id === id);
    return member ? (member.nome ?? member.email) : `#${id}`;
  };

  return (
    <section aria-labelledby="alteracoes-equipe" className="flex flex-col gap-2">
      <h2 id="alteracoes-equipe" className="text-title font-bold">
        Alterações da equipe
      </h2>
      <p className="text-small text-muted-foreground">Atividades criadas, editadas, mescladas e retiradas, registros alterados e contas desativadas ou reativadas, com quem e quando. Os planos já publicados não mudam com elas.</p>
      {query.isPending ? (
        <Skeleton className="h-24" aria-busy />
      ) : !query.data ? (
        <LoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : changes.length === 0 ? (
        <p className="text-body text-muted-foreground">Nenhuma alteração registrada ainda.</p>
      ) : (
        <>
          <ol className="flex flex-col gap-2">
            {changes.map((change) => (
              <li key={change.id} className="flex flex-col gap-0.5 rounded-xl border border-border bg-card px-4 py-3 shadow-xs">
                <span>
                  <span className="font-semibold">{change.feito_por?.nome ?? 'Um operador, pela linha de comando,'}</span> {sentenceOf(change, memberName)}
                </span>
                {changedFields(change).map((line) => (
                  <span key={line} className="text-small break-all">
                    {line}
                  </span>
                ))}
                <span className="text-small text-muted-foreground">{dateTimeLabel(change.feito_em)}</span>
              </li>
            ))}
          </ol>
          <LoadMore query={query} shown={changes.length} total={total} noun={['alteração', 'alterações']} action="Carregar mais alterações" />
        </>
      )}
    </section>
  );
}
