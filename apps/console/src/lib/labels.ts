import type { Responsibles } from '@acompanha/contract';
import { daysUntil } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { differenceInCalendarDays, differenceInMinutes, parseISO } from 'date-fns';

/** 'Vence em 5 dias', 'Vence hoje', 'Vencido há 3 dias'; 'Sem plano' without an evaluation. */
export function expiryLabel(vencimento: string | null, today: Date = new Date()): string {
  if (vencimento === null) return 'Sem plano';
  const days = daysUntil(vencimento, today);
  if (days === 0) return 'Vence hoje';
  if (days === 1) return 'Vence amanhã';
  if (days > 1) return `Vence em ${days} dias`;
  return days === -1 ? 'Vencido há 1 dia' : `Vencido há ${-days} dias`;
}

/** When something happened, in days on the device's calendar: 'Hoje', 'Ontem', 'Há 3 dias', else the date. */
export function daysAgoLabel(iso: string, now: Date = new Date()): string {
  const days = differenceInCalendarDays(now, parseISO(iso));
  if (days <= 0) return 'Hoje';
  if (days === 1) return 'Ontem';
  if (days < 30) return `Há ${days} dias`;
  return formatDay(parseISO(iso));
}

/** How long a message has waited: 'há 5 min', 'há 2 h', 'há 3 dias'. */
export function waitedLabel(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, differenceInMinutes(now, parseISO(iso)));
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

/** ['Personal: Rafael Costa', 'Nutricionista: Marina Alves']: who looks after the client, each as one piece; none for nobody. */
export function responsiblesLabels({ personal, nutricionista }: Responsibles): string[] {
  return [personal && `Personal: ${personal.nome}`, nutricionista && `Nutricionista: ${nutricionista.nome}`].filter((label) => typeof label === 'string');
}
