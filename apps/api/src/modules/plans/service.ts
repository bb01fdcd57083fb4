import {
  INVALID_PLAN_CODE,
  NEWER_PLAN_CODE,
  planFileSchema,
  type PlanDraftAnswer,
  type PlanDraftRequest,
  type PlanFile,
  type PlanHistory,
  type PageQuery,
  type PlanSummary,
  type PublishPlanEnvelope,
} from '@acompanha/contract';
import { z } from 'zod/mini';
import type { Db } from '../../db/database.js';
import { daysFromToday } from '../../dates.js';
import { badField, clientNotFound, conflict, DomainError, notFound } from '../../errors.js';
import { libraryRoomProblem } from '../activities/service.js';
import { lockUser } from '../auth/repository.js';
import { findClient } from '../clients/repository.js';
import { consultationDates, consultationDay, isOwnEvaluation, signatureOf } from '../evaluations/repository.js';
import { countPlans, createPlan, deleteDraft, findDraft, findLatestEvaluation, findPlan, listPlanSummaries, saveDraft } from './repository.js';

/** What makes a field of a plan unfit to store, with the field's path in the plan file (zod issues fit too). */
export interface PlanIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** `diets[1].meals[0].horario_inicio`: the path as one would write it in JavaScript. */
export const issuePath = (path: readonly PropertyKey[]) =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');

/** `diets[1].meals[0].horario_inicio: expected HH:mm`. */
export function formatIssue({ path, message }: PlanIssue): string {
  return `${issuePath(path) || '(the whole file)'}: ${message}`;
}

export class PlanRejected extends Error {
  constructor(readonly issues: readonly PlanIssue[]) {
    super(`The plan was not imported:\n${issues.map(formatIssue).join('\n')}`);
  }
}

/** A newer evaluation than the one the console's editor started from (decision 040). */
export class NewerPlanPublished extends Error {
  constructor(readonly latestId: number) {
    super(`Evaluation #${latestId} was published since the plan's editor opened.`);
  }
}

/** The evaluation a publication started from is not one of the client's. */
export class UnknownBaseEvaluation extends Error {}

// The operator reads English and the team reads the same messages (decision 040), whatever locale the
// process configured for the app's users; plan.ts's own messages ('expected HH:mm') win anyway.
const englishMessages = z.locales.en().localeError;

/** Checks a plan whole with plan.ts, as `plan:import` and the console's publishing do: every issue, or the plan. */
export function checkPlan(input: unknown): PlanFile {
  const parsed = planFileSchema.safeParse(input, { error: englishMessages });
  if (!parsed.success) throw new PlanRejected(parsed.error.issues);
  return parsed.data;
}

export interface ImportOptions {
  /** Today's date, `YYYY-MM-DD`. */
  today?: string;
  /** The team member publishing it from the console; none for `plan:import`. */
  publishedBy?: number;
  /**
   * The client's latest evaluation when the plan's editor opened (null: none), which must be one of
   * theirs. When given, a newer one stops the import with NewerPlanPublished, unless `replaceNewer`.
   */
  basedOn?: number | null;
  replaceNewer?: boolean;
  /** Runs in the import's transaction once the plan is stored (the console deletes its draft). */
  alsoInTransaction?: (trx: Db) => Promise<void>;
}

/**
 * Stores a validated plan as the client's new latest evaluation, in one transaction. Checks what
 * the schema cannot know, the dates against today and against the client's other evaluations: an
 * import never replaces a plan, and never slips in behind the one the client sees.
 */
export async function importPlan(db: Db, clientId: number, plan: PlanFile, options: ImportOptions = {}) {
  const today = options.today ?? daysFromToday(0);
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
    // Two plans published for one client at once: the second waits, then sees the first as the latest.
    await lockUser(trx, clientId);
    if (options.basedOn !== undefined) {
      if (options.basedOn !== null && !(await isOwnEvaluation(trx, options.basedOn, clientId))) throw new UnknownBaseEvaluation();
      const latest = await findLatestEvaluation(trx, clientId);
      if (latest && latest.id !== options.basedOn && !options.replaceNewer) throw new NewerPlanPublished(latest.id);
    }
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
    const noRoom = await libraryRoomProblem(trx, plan.workouts.flatMap((workout) => workout.exercises.map((exercise) => exercise.atividade)));
    if (noRoom) throw new PlanRejected([{ path: ['workouts'], message: noRoom }]);
    const id = await createPlan(trx, clientId, { ...plan, evaluation: { ...plan.evaluation, data_consulta: dates.data_consulta, vencimento: dates.vencimento } });
    const signature = options.publishedBy === undefined ? {} : await signatureOf(trx, options.publishedBy);
    await trx
      .updateTable('evaluations')
      .set({ published_by: options.publishedBy ?? null, published_at: new Date().toISOString(), ...signature })
      .where('id', '=', id)
      .execute();
    await options.alsoInTransaction?.(trx);
    return id;
  });
  return { evaluationId, data_consulta: dates.data_consulta, vencimento: dates.vencimento };
}


/* The console's plan editor (decision 040): every staff member reads and writes every client's plans,
   so the one rule is that the id is a client's (404 'Cliente não encontrado.' otherwise). */

async function requireClient(db: Db, clientId: number) {
  if (!(await findClient(db, clientId))) throw clientNotFound();
}

const toSummary = ({ diets, workouts, ...summary }: Awaited<ReturnType<typeof listPlanSummaries>>[number]): PlanSummary => ({
  ...summary,
  dietas: diets,
  treinos: workouts,
});

/** Every plan published for the client, newest first. */
export async function planHistory(db: Db, clientId: number, { page, size }: PageQuery): Promise<PlanHistory> {
  await requireClient(db, clientId);
  const [plans, total] = await Promise.all([listPlanSummaries(db, clientId, undefined, { limit: size, offset: page * size }), countPlans(db, clientId)]);
  return { results: plans.map(toSummary), page, size, total };
}

/** One of the client's plans in the plan file's shape: to read it, or to start a new one from it. */
export async function publishedPlan(db: Db, clientId: number, evaluationId: number): Promise<PlanFile> {
  const plan = await findPlan(db, clientId, evaluationId);
  if (plan) return plan;
  await requireClient(db, clientId);
  throw notFound('Plano não encontrado.');
}

export async function readDraft(db: Db, clientId: number): Promise<PlanDraftAnswer> {
  const draft = await findDraft(db, clientId);
  if (!draft) await requireClient(db, clientId);
  return { rascunho: draft ?? null };
}

/** Keeps the editor's plan as it is, checked or not: whoever saves last holds the draft. */
export async function writeDraft(db: Db, clientId: number, draft: PlanDraftRequest, editorId: number): Promise<PlanDraftAnswer> {
  await requireClient(db, clientId);
  await saveDraft(db, clientId, draft, editorId, new Date());
  return { rascunho: (await findDraft(db, clientId)) ?? null };
}

export async function removeDraft(db: Db, clientId: number): Promise<void> {
  await requireClient(db, clientId);
  await deleteDraft(db, clientId);
}

const asPlanErrors = (issues: readonly PlanIssue[]) =>
  issues.map((issue) => ({ campo: issuePath(issue.path), caminho: issue.path.map((key) => (typeof key === 'number' ? key : String(key))), mensagem: issue.message }));

function invalidPlan(issues: readonly PlanIssue[]) {
  const erros = asPlanErrors(issues);
  const count = erros.length === 1 ? '1 erro' : `${erros.length} erros`;
  return new DomainError(400, `O plano tem ${count}; nada foi publicado.`, { code: INVALID_PLAN_CODE, field: erros[0]?.campo ?? '', details: { erros } });
}

/**
 * Publishes a plan from the console exactly as `plan:import` imports a file (checkPlan, then
 * importPlan), recording who published it; refuses it over a plan published since the editor
 * opened unless told to replace it; deletes the client's draft with it.
 */
export async function publishPlan(db: Db, clientId: number, request: PublishPlanEnvelope, publisherId: number, today = daysFromToday(0)): Promise<PlanSummary> {
  await requireClient(db, clientId);
  try {
    const plan = checkPlan(request.plano);
    const { evaluationId } = await importPlan(db, clientId, plan, {
      today,
      publishedBy: publisherId,
      basedOn: request.avaliacao_base,
      replaceNewer: request.substituir,
      alsoInTransaction: (trx) => deleteDraft(trx, clientId),
    });
    return toSummary((await listPlanSummaries(db, clientId, evaluationId))[0]!);
  } catch (error) {
    if (error instanceof PlanRejected) throw invalidPlan(error.issues);
    if (error instanceof UnknownBaseEvaluation) throw badField('avaliacao_base', 'não é uma avaliação deste cliente.');
    if (error instanceof NewerPlanPublished) {
      const newer = toSummary((await listPlanSummaries(db, clientId, error.latestId))[0]!);
      const author = newer.publicado_por ? ` por ${newer.publicado_por.nome}` : '';
      throw conflict(`Um plano mais recente foi publicado${author} depois que este editor abriu.`, {
        code: NEWER_PLAN_CODE,
        field: 'avaliacao_base',
        details: { plano_recente: newer },
      });
    }
    throw error;
  }
}
