import type { Evaluation } from '@acompanha/contract';
import { parseISO } from 'date-fns';
import { formatDay } from '@acompanha/ui/format';

export const evaluationDate = (evaluation: Evaluation) => parseISO(evaluation.created_at);

/** The PDF is named after the latest evaluation's date: `15-03-2026.pdf`. */
export const reportFileName = (latest: Evaluation) => `${formatDay(evaluationDate(latest)).replaceAll('/', '-')}.pdf`;
