import type { PlanSummary } from '@acompanha/contract';
import { formatTime } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { parseISO } from 'date-fns';

/** '26/11/2026 às 14:05' on the device's clock. */
export const dateTimeLabel = (iso: string) => {
  const date = parseISO(iso);
  return `${formatDay(date)} às ${formatTime(date)}`;
};

/** 'publicado por Rafael Costa em 26/11/2026 às 14:05'; imports and demo plans name no one. */
export function publisherLabel(plan: Pick<PlanSummary, 'publicado_em' | 'publicado_por'>): string {
  const by = plan.publicado_por ? `publicado por ${plan.publicado_por.nome}` : 'importado sem o console';
  return plan.publicado_em ? `${by} em ${dateTimeLabel(plan.publicado_em)}` : by;
}

/** 'consulta de 02/11/2026, publicado por Rafael Costa em 26/11/2026 às 14:05'. */
export const publishedLabel = (plan: Pick<PlanSummary, 'data_consulta' | 'publicado_em' | 'publicado_por'>) =>
  `consulta de ${formatDay(plan.data_consulta)}, ${publisherLabel(plan)}`;
