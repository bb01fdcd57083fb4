import { DEFAULT_WATER_GOAL_ML, normalizeWeekday, PUSH_TAGS, WATER_UNIT_ML, waterGlassesFor, type PushPayload, type PushPreferences } from '@acompanha/contract';
import { isPostgres, type Db } from '../../db/database.js';
import { addDays } from '../../dates.js';
import { instantOf, localTimeOf, minutesOf, timeOf, weekdayOf } from './local-time.js';
import type { PreferencesRow } from './repository.js';
import { preferencesOf } from './repository.js';

/**
 * The client's reminders (issue 26): on a day one of their workouts is planned for, at the time
 * they chose; and water every N hours between two times, while the day's glasses are below the
 * goal. Times are read on the clock of the time zone saved with the settings.
 *
 * Each reminder has a slot (`treino:2026-11-26`, `agua:2026-11-26T10:00`) logged in
 * `push_reminders` when it is queued, in the same transaction, so that it is sent at most once
 * whatever restarts and instances. Which instance looks at a client's reminders is decided like the
 * outbox's claims: each client's settings row says when their next reminder is due, and an instance
 * takes due rows for a lease, skipping rows another is taking (PostgreSQL's SKIP LOCKED).
 */

export type ReminderKind = 'treino' | 'agua';

export interface Slot {
  kind: ReminderKind;
  /** The local date it belongs to. */
  date: string;
  /** Its local time, `HH:mm`. */
  time: string;
  at: Date;
}

/** A reminder more than this late (the server was down at its time) is no longer sent. */
export const REMINDER_GRACE_MS = 60 * 60_000;

/** How long an instance holds the due reminders it claimed. */
const CLAIM_LEASE_MS = 2 * 60_000;

/** How long a reminder may wait for its device (push TTL and the queue's retries). */
export const REMINDER_TTL_MS = 60 * 60_000;

/** The times of a day each enabled reminder is set for, in minutes since midnight. */
function timesOfDay(preferences: PushPreferences): { kind: ReminderKind; minutes: number }[] {
  const times: { kind: ReminderKind; minutes: number }[] = [];
  if (preferences.treino.ativo) times.push({ kind: 'treino', minutes: minutesOf(preferences.treino.horario) });
  if (preferences.agua.ativo) {
    const end = minutesOf(preferences.agua.fim);
    for (let minutes = minutesOf(preferences.agua.inicio); minutes <= end; minutes += preferences.agua.a_cada_horas * 60) {
      times.push({ kind: 'agua', minutes });
    }
  }
  return times;
}

/** Every slot of the local days around `instant` (the day before to the day after), in time order. */
function slotsAround(preferences: PushPreferences, instant: Date): Slot[] {
  const zone = preferences.fuso_horario;
  if (!zone) return [];
  const today = localTimeOf(instant, zone).date;
  const times = timesOfDay(preferences);
  return [-1, 0, 1, 2]
    .flatMap((offset) => {
      const date = addDays(today, offset);
      return times.map(({ kind, minutes }) => ({ kind, date, time: timeOf(minutes), at: instantOf(date, minutes, zone) }));
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** When the first reminder after `instant` is due (ISO), or null when none is on. */
export function nextReminderAfter(preferences: PushPreferences, instant: Date): string | null {
  return slotsAround(preferences, instant).find((slot) => slot.at > instant)?.at.toISOString() ?? null;
}

/**
 * The slots to send at `now`: of each kind, the latest whose time has come, no earlier than `from`
 * (when this row's reminder was due: slots before it were sent or were before the settings) and
 * less than REMINDER_GRACE_MS ago.
 */
export function dueSlots(preferences: PushPreferences, from: Date, now: Date): Slot[] {
  const due = slotsAround(preferences, now).filter((slot) => slot.at >= from && slot.at <= now && now.getTime() - slot.at.getTime() <= REMINDER_GRACE_MS);
  return (['treino', 'agua'] as const).flatMap((kind) => due.filter((slot) => slot.kind === kind).slice(-1));
}

export const slotKey = (slot: Pick<Slot, 'kind' | 'date' | 'time'>) => (slot.kind === 'treino' ? `treino:${slot.date}` : `agua:${slot.date}T${slot.time}`);

/** The client's current plan: the latest evaluation. */
function latestEvaluation(db: Db, clientId: number) {
  return db
    .selectFrom('evaluations')
    .select(['id', 'plano', 'vencimento', 'consumo_ideal_agua'])
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Plans that show workouts (SPEC.md §1: PRO shows diets only). */
const PLANS_WITH_WORKOUTS = ['BASIC', 'ULTIMATE'];

/**
 * The workout reminder of a local date: the first workout of the client's current plan planned for
 * its weekday, while the follow-up lasts ('Hoje é dia de Treino A - Inferiores'); none otherwise.
 */
async function workoutReminder(db: Db, clientId: number, date: string): Promise<PushPayload | null> {
  const evaluation = await latestEvaluation(db, clientId);
  if (!evaluation || !PLANS_WITH_WORKOUTS.includes(evaluation.plano) || evaluation.vencimento <= date) return null;
  const weekday = weekdayOf(date);
  const workouts = await db.selectFrom('workouts').select(['id', 'titulo', 'dias']).where('evaluation_id', '=', evaluation.id).orderBy('posicao').orderBy('id').execute();
  const today = workouts.find((workout) => workout.dias.split(',').some((code) => normalizeWeekday(code.trim()) === weekday));
  if (!today) return null;
  return { titulo: `Hoje é dia de ${today.titulo}`, corpo: 'Toque para ver os exercícios de hoje.', url: `/workout/${today.id}`, tag: PUSH_TAGS.treino };
}

/** The water reminder of a local date, while the day's glasses are below the goal; none at the goal. */
async function waterReminder(db: Db, clientId: number, date: string): Promise<PushPayload | null> {
  const evaluation = await latestEvaluation(db, clientId);
  // The water card's goal: the evaluation's ideal intake, else 2000 ml (SPEC.md §3).
  const goalMl = evaluation?.consumo_ideal_agua && evaluation.consumo_ideal_agua > 0 ? evaluation.consumo_ideal_agua : DEFAULT_WATER_GOAL_ML;
  const goalGlasses = waterGlassesFor(goalMl);
  const day = await db.selectFrom('water_days').select('registros').where('client_id', '=', clientId).where('data', '=', date).executeTakeFirst();
  const glasses = day ? (JSON.parse(day.registros) as unknown[]).length : 0;
  if (glasses >= goalGlasses) return null;
  return {
    titulo: 'Hora de beber água',
    corpo: `Hoje você bebeu ${glasses * WATER_UNIT_ML} ml de ${goalMl} ml.`,
    url: '/',
    tag: PUSH_TAGS.agua,
  };
}

export interface ReminderQueue {
  /** Queues a push for every device of the client, in the caller's transaction. */
  enqueue(db: Db, clientId: number, payload: PushPayload, options: { now: Date; ttlMs: number }): Promise<number>;
}

/** Takes the rows whose reminder is due, for this instance, until the lease ends. */
function claimDueReminders(db: Db, now: Date, limit: number): Promise<PreferencesRow[]> {
  const nowText = now.toISOString();
  const due = db
    .selectFrom('push_preferences')
    .select('client_id')
    .where('proximo_lembrete_em', '<=', nowText)
    .where((eb) => eb.or([eb('reservado_ate', 'is', null), eb('reservado_ate', '<=', nowText)]))
    .orderBy('proximo_lembrete_em')
    .limit(limit);
  return db
    .updateTable('push_preferences')
    .set({ reservado_ate: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
    .where('client_id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/**
 * Queues the reminders due at `now` for the clients whose turn it is, each slot once, and moves
 * each client's next reminder on. Returns the slots queued (`clientId` and slot key), for the log
 * and the tests.
 */
export async function runDueReminders(db: Db, now: Date, queue: ReminderQueue, limit = 50): Promise<{ clientId: number; slot: string }[]> {
  const sent: { clientId: number; slot: string }[] = [];
  for (let claimed = await claimDueReminders(db, now, limit); claimed.length > 0; claimed = await claimDueReminders(db, now, limit)) {
    for (const row of claimed) {
      const preferences = preferencesOf(row);
      const from = new Date(row.proximo_lembrete_em!);
      await db.transaction().execute(async (trx) => {
        for (const slot of dueSlots(preferences, from, now)) {
          const payload = slot.kind === 'treino' ? await workoutReminder(trx, row.client_id, slot.date) : await waterReminder(trx, row.client_id, slot.date);
          if (!payload) continue;
          const key = slotKey(slot);
          const logged = await trx
            .insertInto('push_reminders')
            .values({ client_id: row.client_id, slot: key, sent_at: now.toISOString() })
            .onConflict((conflict) => conflict.columns(['client_id', 'slot']).doNothing())
            .executeTakeFirst();
          if (Number(logged.numInsertedOrUpdatedRows ?? 0) === 0) continue;
          await queue.enqueue(trx, row.client_id, payload, { now, ttlMs: REMINDER_TTL_MS });
          sent.push({ clientId: row.client_id, slot: key });
        }
        await trx
          .updateTable('push_preferences')
          .set({ proximo_lembrete_em: nextReminderAfter(preferences, now), reservado_ate: null })
          .where('client_id', '=', row.client_id)
          // Settings saved meanwhile computed their own next reminder.
          .where('atualizado_em', '=', row.atualizado_em)
          .execute();
      });
    }
  }
  return sent;
}

/** The log of sent slots is needed only while a slot can still come due: a couple of days. */
export async function forgetOldReminders(db: Db, now: Date) {
  await db.deleteFrom('push_reminders').where('sent_at', '<', new Date(now.getTime() - 3 * 24 * 60 * 60_000).toISOString()).execute();
}
