import type { PlanFile } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { consultationDates, consultationDay, createPlan, daysFromToday } from '../../db/factories.js';

/** What makes a field of a plan unfit to store, with the field's path in the plan file (zod issues fit too). */
export interface PlanIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** `diets[1].meals[0].horario_inicio: expected HH:mm`: the path as one would write it in JavaScript. */
export function formatIssue({ path, message }: PlanIssue): string {
  const where = path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
  return `${where || '(the whole file)'}: ${message}`;
}

export class PlanRejected extends Error {
  constructor(readonly issues: readonly PlanIssue[]) {
    super(`The plan was not imported:\n${issues.map(formatIssue).join('\n')}`);
  }
}

/**
 * Stores a validated plan as the client's new latest evaluation, in one transaction. Checks what
 * the schema cannot know, the dates against today and against the client's other evaluations: an
 * import never replaces a plan, and never slips in behind the one the client sees.
 */
export async function importPlan(db: Db, clientId: number, plan: PlanFile, today = daysFromToday(0)) {
  const dates = consultationDates(plan.evaluation, today);
  const issues: PlanIssue[] = [];
  if (dates.data_consulta > today) {
    issues.push({ path: ['evaluation', 'data_consulta'], message: `must not be after today (${today})` });
  }
  if (dates.vencimento <= dates.data_consulta) {
    issues.push({ path: ['evaluation', 'vencimento'], message: `must be after the consultation day (${dates.data_consulta})` });
  }
  if (issues.length) throw new PlanRejected(issues);

  const evaluationId = await db.transaction().execute(async (trx) => {
    const later = await trx
      .selectFrom('evaluations')
      .select('created_at')
      .where('client_id', '=', clientId)
      .where('created_at', '>', dates.created_at)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (later) {
      throw new PlanRejected([
        {
          path: ['evaluation', 'data_consulta'],
          message: `the client's latest evaluation is from ${consultationDay(later.created_at)}; a new plan must not be older (leave data_consulta out for today)`,
        },
      ]);
    }
    return createPlan(trx, clientId, { ...plan, evaluation: { ...plan.evaluation, data_consulta: dates.data_consulta, vencimento: dates.vencimento } });
  });
  return { evaluationId, data_consulta: dates.data_consulta, vencimento: dates.vencimento };
}
