import { DEFAULT_PUSH_PREFERENCES, type PushPayload, type PushPreferencesRequest } from '@acompanha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushNotifier } from '../src/modules/push/notifier.js';
import { dueSlots, nextReminderAfter, runDueReminders, type ReminderQueue } from '../src/modules/push/reminders.js';
import { savePreferencesFor } from '../src/modules/push/service.js';
import { temporaryVapidKeys } from '../src/modules/push/vapid.js';
import { saveWaterDay } from '../src/modules/water/service.js';
import { createClient, createWorkout, sampleWorkout, stopAppPush, useTestApp, type TestContext } from './helper.js';
import { startPushService, type PushService } from './push-service.js';

/**
 * Reminders on a fixed clock: Thursday 2026-11-26 in São Paulo (UTC−3 all year), every instant
 * given, so nothing here reads today or the machine's time zone.
 */
const SAO_PAULO = 'America/Sao_Paulo';
/** An instant by São Paulo's wall clock on the test's Thursday (or another day). */
const sp = (time: string, date = '2026-11-26') => new Date(`${date}T${time}-03:00`);

const prefs = (changes: Partial<PushPreferencesRequest> = {}): PushPreferencesRequest => ({
  ...DEFAULT_PUSH_PREFERENCES,
  treino: { ativo: false, horario: '07:00' },
  fuso_horario: SAO_PAULO,
  ...changes,
});

/** A client with a plan until the end of the year: Treino A on Thursdays and Mondays, Treino B on Tuesdays. */
async function clientWithWorkouts(ctx: TestContext, evaluation: { plano?: 'BASIC' | 'PRO' | 'ULTIMATE'; vencimento?: string; consumo_ideal_agua?: number } = {}) {
  const client = await createClient(ctx.db, {
    evaluation: { data_consulta: '2026-11-01', vencimento: '2026-12-31', plano: 'ULTIMATE', ...evaluation },
  });
  const workoutA = await createWorkout(ctx.db, client.evaluationId!, { ...sampleWorkout('A'), titulo: 'Treino A - Inferiores', dias: ['SEGUNDA', 'QUINTA'] });
  await createWorkout(ctx.db, client.evaluationId!, { ...sampleWorkout('B'), titulo: 'Treino B - Superiores', dias: ['TERCA'] }, 1);
  return { ...client, workoutA };
}

/** Stands in for the push queue: records what would be queued. */
function recordingQueue() {
  const queued: { clientId: number; payload: PushPayload }[] = [];
  const queue: ReminderQueue = {
    async enqueue(_db, clientId, payload) {
      queued.push({ clientId, payload });
      return 1;
    },
  };
  return { queued, queue, of: (clientId: number) => queued.filter((entry) => entry.clientId === clientId).map((entry) => entry.payload) };
}

describe('slots: when each reminder is due', () => {
  it('puts the workout reminder at its time and water every N hours between two times, on the clock of the saved time zone', () => {
    const water = prefs({ agua: { ativo: true, a_cada_horas: 3, inicio: '08:00', fim: '20:00' } });
    expect(nextReminderAfter(water, sp('06:00'))).toBe(sp('08:00').toISOString());
    expect(nextReminderAfter(water, sp('08:00'))).toBe(sp('11:00').toISOString());
    expect(nextReminderAfter(water, sp('19:59'))).toBe(sp('20:00').toISOString());
    expect(nextReminderAfter(water, sp('20:00'))).toBe(sp('08:00', '2026-11-27').toISOString());
    // Tokyo's 07:00 on that Thursday is 22:00 UTC the day before.
    expect(nextReminderAfter(prefs({ treino: { ativo: true, horario: '07:00' }, fuso_horario: 'Asia/Tokyo' }), new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25T22:00:00.000Z');
    expect(nextReminderAfter(prefs(), sp('06:00'))).toBeNull();
  });

  it('sends only the latest slot of each kind, not before the row was due, and not an hour late', () => {
    const both = prefs({ treino: { ativo: true, horario: '07:00' }, agua: { ativo: true, a_cada_horas: 1, inicio: '06:00', fim: '22:00' } });
    expect(dueSlots(both, sp('07:00'), sp('07:00')).map((slot) => `${slot.kind} ${slot.time}`)).toEqual(['treino 07:00', 'agua 07:00']);
    expect(dueSlots(both, sp('06:00'), sp('07:40')).map((slot) => `${slot.kind} ${slot.time}`)).toEqual(['treino 07:00', 'agua 07:00']);
    expect(dueSlots(both, sp('07:30'), sp('07:40'))).toEqual([]);
    expect(dueSlots(both, sp('07:00'), sp('08:01')).map((slot) => `${slot.kind} ${slot.time}`)).toEqual(['agua 08:00']);
  });
});

describe('reminders at their time, once per slot', () => {
  const ctx = useTestApp();
  // The tests run the reminders on their own clock; the app's own timer stays still.
  beforeAll(() => stopAppPush(ctx));

  it("reminds on a workout day at the chosen time with the workout's title, once, and on no other day", async () => {
    const ana = await clientWithWorkouts(ctx);
    await savePreferencesFor(ctx.db, ana.id, prefs({ treino: { ativo: true, horario: '07:00' } }), sp('06:00'));
    const { queue, of } = recordingQueue();

    await runDueReminders(ctx.db, sp('06:59:59'), queue);
    expect(of(ana.id)).toEqual([]);
    const sent = await runDueReminders(ctx.db, sp('07:00:00'), queue);
    expect(sent).toContainEqual({ clientId: ana.id, slot: 'treino:2026-11-26' });
    expect(of(ana.id)).toEqual([{ titulo: 'Hoje é dia de Treino A - Inferiores', corpo: 'Toque para ver os exercícios de hoje.', url: `/workout/${ana.workoutA}`, tag: 'treino' }]);
    await runDueReminders(ctx.db, sp('07:00:30'), queue);
    await runDueReminders(ctx.db, sp('07:59:00'), queue);
    expect(of(ana.id)).toHaveLength(1);

    // Friday has no workout; Monday has Treino A again.
    await runDueReminders(ctx.db, sp('07:00', '2026-11-27'), queue);
    expect(of(ana.id)).toHaveLength(1);
    await runDueReminders(ctx.db, sp('07:00', '2026-11-30'), queue);
    expect(of(ana.id).map((payload) => payload.titulo)).toEqual(['Hoje é dia de Treino A - Inferiores', 'Hoje é dia de Treino A - Inferiores']);
  });

  it("never sends a slot twice, even when a restart loses the claim's result and the row is due again", async () => {
    const ana = await clientWithWorkouts(ctx);
    await savePreferencesFor(ctx.db, ana.id, prefs({ treino: { ativo: true, horario: '07:00' } }), sp('06:00'));
    const { queue, of } = recordingQueue();
    await runDueReminders(ctx.db, sp('07:00'), queue);
    // As if the instance had died before moving the next reminder on, and another took over.
    await ctx.db.updateTable('push_preferences').set({ proximo_lembrete_em: sp('07:00').toISOString(), reservado_ate: null }).where('client_id', '=', ana.id).execute();
    await runDueReminders(ctx.db, sp('07:01'), queue);
    expect(of(ana.id)).toHaveLength(1);
  });

  it('sends each slot once when two instances run at the same time', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => clientWithWorkouts(ctx)));
    for (const client of clients) await savePreferencesFor(ctx.db, client.id, prefs({ treino: { ativo: true, horario: '07:15' } }), sp('06:00'));
    const { queued, queue } = recordingQueue();
    const instances = [recordingQueue(), recordingQueue()];
    await Promise.all([runDueReminders(ctx.db, sp('07:15'), instances[0]!.queue, 2), runDueReminders(ctx.db, sp('07:15:01'), instances[1]!.queue, 2)]);
    await runDueReminders(ctx.db, sp('07:16'), queue);
    const all = [...instances[0]!.queued, ...instances[1]!.queued, ...queued].filter((entry) => clients.some((client) => client.id === entry.clientId));
    expect(all.map((entry) => entry.clientId).sort()).toEqual(clients.map((client) => client.id).sort());
  });

  it('skips a workout reminder without a workout that day, on a diets-only plan, and once the follow-up has ended', async () => {
    const { queue, of } = recordingQueue();
    const pro = await clientWithWorkouts(ctx, { plano: 'PRO' });
    const ended = await clientWithWorkouts(ctx, { vencimento: '2026-11-26' });
    for (const client of [pro, ended]) await savePreferencesFor(ctx.db, client.id, prefs({ treino: { ativo: true, horario: '07:20' } }), sp('06:00'));
    await runDueReminders(ctx.db, sp('07:20'), queue);
    expect([...of(pro.id), ...of(ended.id)]).toEqual([]);
  });

  it("reminds to drink water every N hours between the two times, only while the day's glasses are below the goal", async () => {
    const ana = await clientWithWorkouts(ctx, { consumo_ideal_agua: 1000 });
    await savePreferencesFor(ctx.db, ana.id, prefs({ agua: { ativo: true, a_cada_horas: 2, inicio: '08:00', fim: '12:00' } }), sp('06:00'));
    const { queue, of } = recordingQueue();

    await runDueReminders(ctx.db, sp('07:59'), queue);
    await runDueReminders(ctx.db, sp('08:00'), queue);
    expect(of(ana.id)).toEqual([{ titulo: 'Hora de beber água', corpo: 'Hoje você bebeu 0 ml de 1000 ml.', url: '/', tag: 'agua' }]);
    await saveWaterDay(ctx.db, ana.id, '2026-11-26', { registros: [sp('08:30').toISOString(), sp('09:00').toISOString()], recomecado_em: null }, sp('09:00'));
    await runDueReminders(ctx.db, sp('10:00'), queue);
    expect(of(ana.id).at(-1)?.corpo).toBe('Hoje você bebeu 500 ml de 1000 ml.');

    // Four glasses: the goal is reached, so no more today.
    await saveWaterDay(ctx.db, ana.id, '2026-11-26', { registros: [sp('10:30').toISOString(), sp('11:00').toISOString()], recomecado_em: null }, sp('11:00'));
    await runDueReminders(ctx.db, sp('12:00'), queue);
    await runDueReminders(ctx.db, sp('14:00'), queue);
    expect(of(ana.id)).toHaveLength(2);
    // The next day starts at 0 ml.
    await runDueReminders(ctx.db, sp('08:00', '2026-11-27'), queue);
    expect(of(ana.id).at(-1)?.corpo).toBe('Hoje você bebeu 0 ml de 1000 ml.');
  });

  it('changing the settings moves the next reminder and never fires a time already past', async () => {
    const ana = await clientWithWorkouts(ctx);
    const { queue, of } = recordingQueue();
    await savePreferencesFor(ctx.db, ana.id, prefs({ treino: { ativo: true, horario: '09:00' } }), sp('06:00'));
    // At 08:00 the client moves the reminder to 07:30, already past today: the next one is Monday's.
    await savePreferencesFor(ctx.db, ana.id, prefs({ treino: { ativo: true, horario: '07:30' } }), sp('08:00'));
    await runDueReminders(ctx.db, sp('09:00'), queue);
    expect(of(ana.id)).toEqual([]);
    const row = await ctx.db.selectFrom('push_preferences').select('proximo_lembrete_em').where('client_id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row.proximo_lembrete_em).toBe(sp('07:30', '2026-11-27').toISOString());
  });
});

describe('a reminder reaches the device through the push queue', () => {
  const ctx = useTestApp();
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    await stopAppPush(ctx);
  });
  afterAll(() => service.close());

  it("is queued, encrypted and delivered by the sender's own clock, once across two instances", async () => {
    const ana = await clientWithWorkouts(ctx);
    const device = service.device();
    await ctx.db
      .insertInto('push_subscriptions')
      .values({ client_id: ana.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: sp('06:00').toISOString() })
      .execute();
    await savePreferencesFor(ctx.db, ana.id, prefs({ treino: { ativo: true, horario: '07:00' } }), sp('06:00'));
    const instance = () =>
      createPushNotifier(ctx.db, { vapid: temporaryVapidKeys('mailto:equipe@acompanha.app'), rules: { loopback: true }, log: { warn: () => {} }, now: () => sp('07:00:10') });
    const [first, second] = [instance(), instance()];

    await Promise.all([first.runReminders(), second.runReminders()]);
    await Promise.all([first.idle(), second.idle()]);
    expect(service.to(device)).toHaveLength(1);
    expect(JSON.parse(device.decrypt(service.to(device)[0]!.body))).toEqual({
      titulo: 'Hoje é dia de Treino A - Inferiores',
      corpo: 'Toque para ver os exercícios de hoje.',
      url: `/workout/${ana.workoutA}`,
      tag: 'treino',
    });
  });
});
