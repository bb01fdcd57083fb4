import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { seedDemoData } from '../src/db/seed.js';
import type * as passwords from '../src/modules/auth/passwords.js';
import { demoFollowUpEndings } from './demo-data.js';

// The demo data on each day of a week, a few seconds either side of local midnight, in São Paulo
// and in UTC: a weekday or an hour the suite happens to run on must never decide whether it passes.

// Production-strength hashes of the demo passwords take seconds a seeding; the calendar is what counts here.
vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, 10) };
});

/** Monday 2026-11-23 to Sunday 2026-11-29. */
const WEEK = [
  ['Monday', 23],
  ['Tuesday', 24],
  ['Wednesday', 25],
  ['Thursday', 26],
  ['Friday', 27],
  ['Saturday', 28],
  ['Sunday', 29],
] as const;
const ZONES = ['America/Sao_Paulo', 'UTC'] as const;
const TIMES = [
  ['00:00:30', 0, 0, 30],
  ['23:59:30', 23, 59, 30],
] as const;
const CASES = ZONES.flatMap((zone) => TIMES.map(([label, ...time]) => [zone, label, time] as const));

/** ana's workouts by weekday (getUTCDay: Sunday 0): A on Monday and Thursday, B on Tuesday and Friday, C on Wednesday and Saturday. */
const ANA_WORKOUT_ON: Record<number, string> = {
  1: 'Treino A - Inferiores',
  2: 'Treino B - Superiores',
  3: 'Treino C - Glúteos e core',
  4: 'Treino A - Inferiores',
  5: 'Treino B - Superiores',
  6: 'Treino C - Glúteos e core',
};

/** `YYYY-MM-DD` of November 2026's day `day` plus `days`, by calendar arithmetic alone. */
const calendarDay = (day: number, days = 0) => new Date(Date.UTC(2026, 10, day + days)).toISOString().slice(0, 10);

const initialZone = process.env.TZ;

afterEach(() => {
  vi.useRealTimers();
  if (initialZone === undefined) delete process.env.TZ;
  else process.env.TZ = initialZone;
});

/** Seeds a fresh database with the clock at a local time of `day` in `zone`. */
async function seedOn(zone: string, day: number, [hours, minutes, seconds]: readonly [number, number, number]): Promise<Db> {
  // Node reads TZ again when it changes: local dates from here on are the zone's.
  process.env.TZ = zone;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, day, hours, minutes, seconds));
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  await seedDemoData(db, new TextEncoder().encode('every weekday'));
  return db;
}

describe.each(WEEK)('the demo data seeded on a %s (2026-11-%i)', (_weekday, day) => {
  it.each(CASES)('in %s at %s local time', async (zone, _time, time) => {
    const db = await seedOn(zone, day, time);
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    expect(localDay.format(Date.now())).toBe(calendarDay(day));
    try {
      // The follow-ups end 50, 5 and 30 days from the day of seeding (DECISIONS.md §4).
      const endings = await demoFollowUpEndings(db);
      expect(endings).toEqual([
        { email: 'ana@demo.fit', vencimento: calendarDay(day, 50) },
        { email: 'bruno@demo.fit', vencimento: calendarDay(day, 5) },
        { email: 'carla@demo.fit', vencimento: calendarDay(day, 30) },
      ]);

      const sessions = await db
        .selectFrom('workout_sessions')
        .innerJoin('workouts', 'workouts.id', 'workout_sessions.workout_id')
        .select(['workout_sessions.id', 'workouts.titulo', 'workout_sessions.iniciado_em', 'workout_sessions.concluido_em'])
        .orderBy('workout_sessions.iniciado_em')
        .execute();
      const sets = await db
        .selectFrom('session_sets')
        .innerJoin('exercises', 'exercises.id', 'session_sets.exercise_id')
        .select(['session_sets.session_id', 'session_sets.carga', 'session_sets.feito_em', 'exercises.carga as planned'])
        .execute();

      // Every session and set lies in the past, the last one the evening before at the latest.
      const instants = [...sessions.flatMap((session) => [session.iniciado_em, session.concluido_em]), ...sets.map((set) => set.feito_em)];
      expect(instants.filter((instant) => Date.parse(instant) >= Date.now())).toEqual([]);

      // One session on each of the 28 days before today but Sundays, of the workout planned for
      // that weekday on the zone's calendar: the week strip marks every day so far this week.
      const expected = Array.from({ length: 28 }, (_, index) => calendarDay(day, index - 28))
        .filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0)
        .map((date) => `${date} ${ANA_WORKOUT_ON[new Date(`${date}T00:00:00Z`).getUTCDay()]}`);
      expect(sessions.map((session) => `${localDay.format(Date.parse(session.iniciado_em))} ${session.titulo}`)).toEqual(expected);

      // Each workout's last session reaches the plan's loads, whatever weekday it fell on.
      for (const titulo of new Set(Object.values(ANA_WORKOUT_ON))) {
        const last = sessions.filter((session) => session.titulo === titulo).at(-1)!;
        const lastSets = sets.filter((set) => set.session_id === last.id);
        expect(lastSets.length).toBeGreaterThan(0);
        expect(lastSets.filter((set) => set.carga !== (set.planned ?? 0))).toEqual([]);
      }

      // ana's conversation with the team: her question and Rafael's answer six days ago, her question
      // two days ago and Marina's answer yesterday, on the zone's calendar; all in the past, each
      // read after it was sent but Marina's, which ana has not read.
      const messages = await db
        .selectFrom('messages')
        .innerJoin('users', 'users.id', 'messages.author_id')
        .select(['users.email', 'messages.enviada_em', 'messages.lida_em'])
        .orderBy('messages.enviada_em')
        .execute();
      expect(messages.map((message) => `${localDay.format(Date.parse(message.enviada_em))} ${message.email}`)).toEqual([
        `${calendarDay(day, -6)} ana@demo.fit`,
        `${calendarDay(day, -6)} personal@demo.fit`,
        `${calendarDay(day, -2)} ana@demo.fit`,
        `${calendarDay(day, -1)} nutri@demo.fit`,
      ]);
      expect(messages.map((message) => message.lida_em === null)).toEqual([false, false, false, true]);
      for (const { enviada_em, lida_em } of messages) {
        expect(Date.parse(enviada_em)).toBeLessThan(Date.now());
        if (lida_em) expect(Date.parse(lida_em) > Date.parse(enviada_em) && Date.parse(lida_em) < Date.now()).toBe(true);
      }
    } finally {
      await db.destroy();
    }
  });
});
