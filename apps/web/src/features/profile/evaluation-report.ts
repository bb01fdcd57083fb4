import type { Evaluation } from '@acompanha/contract';
import { format, parseISO } from 'date-fns';

export const evaluationDate = (evaluation: Evaluation) => parseISO(evaluation.created_at);

/** The PDF is named after the latest evaluation's date: `15-03-2026.pdf`. */
export const reportFileName = (latest: Evaluation) => `${format(evaluationDate(latest), 'dd-MM-yyyy')}.pdf`;
