import { format } from 'date-fns';
import { parseLocalDate } from './dates';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 67.5 -> '67,5' */
export const formatDecimal = (value: number) => decimal.format(value);

/** A calendar date (`YYYY-MM-DD`) or a timestamp as the client reads dates: 15/03/2026. */
export const formatDay = (date: string | Date) =>
  format(typeof date === 'string' ? parseLocalDate(date) : date, 'dd/MM/yyyy');
