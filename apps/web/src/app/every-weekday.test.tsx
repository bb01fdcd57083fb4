import { weekdayOf, type Weekday, type Workout } from '@acompanha/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { weekDays } from '../features/home/api/week-sessions';
import { todaysWorkoutIndex } from '../features/home/components/todays-workout';
import { isPlannedToday } from '../lib/plan-lists';
import { entriesOfDay } from '../features/water/water-log';
import { daysUntil } from '@acompanha/ui/dates';
import { FOLLOW_UP_ENDED_MESSAGE, FORCED_SIGN_OUT_DAYS, followUpMessage } from '../lib/session/follow-up';
import { buildDiet, buildEvaluation, buildWorkout, paged } from '../testing/factories';
import { apiUrl } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { renderApp, signIn } from '../testing/test-utils';

// What Home shows for today on each day of a week, a few seconds either side of local midnight, in
// São Paulo and in UTC: "today" is the device's local calendar date (DECISIONS.md §3), and the day
// or the hour the suite happens to run on must never decide whether it passes.

/** Monday 2026-11-23 to Sunday 2026-11-29, with the weekday code the app gives each. */
const WEEK = [
  ['Monday', 23, 'SEGUNDA'],
  ['Tuesday', 24, 'TERCA'],
  ['Wednesday', 25, 'QUARTA'],
  ['Thursday', 26, 'QUINTA'],
  ['Friday', 27, 'SEXTA'],
  ['Saturday', 28, 'SABADO'],
  ['Sunday', 29, 'DOMINGO'],
] as const;
const ZONES = ['America/Sao_Paulo', 'UTC'] as const;
const TIMES = [
  ['00:00:30', 0, 0, 30],
  ['23:59:30', 23, 59, 30],
] as const;
const CASES = ZONES.flatMap((zone) => TIMES.map(([label, ...time]) => [zone, label, time] as const));

/** ana's demo workouts (DECISIONS.md §4); the API may send accented codes. */
const WORKOUTS: Workout[] = [
  buildWorkout({ id: 11, titulo: 'Treino A - Inferiores', dias: ['SEGUNDA', 'QUINTA'] }),
  buildWorkout({ id: 12, titulo: 'Treino B - Superiores', dias: ['TERÇA', 'SEXTA'] as Workout['dias'] }),
  buildWorkout({ id: 13, titulo: 'Treino C - Glúteos e core', dias: ['QUARTA', 'SÁBADO'] as Workout['dias'] }),
];
/** The card Home shows first on each weekday: the workout planned for it, else the first. */
const TODAYS_CARD: Record<Weekday, { titulo: string; planned: boolean }> = {
  SEGUNDA: { titulo: 'Treino A - Inferiores', planned: true },
  TERCA: { titulo: 'Treino B - Superiores', planned: true },
  QUARTA: { titulo: 'Treino C - Glúteos e core', planned: true },
  QUINTA: { titulo: 'Treino A - Inferiores', planned: true },
  SEXTA: { titulo: 'Treino B - Superiores', planned: true },
  SABADO: { titulo: 'Treino C - Glúteos e core', planned: true },
  DOMINGO: { titulo: 'Treino A - Inferiores', planned: false },
};

/** `YYYY-MM-DD` of November 2026's day `day` plus `days`, by calendar arithmetic alone. */
const calendarDay = (day: number, days = 0) => new Date(Date.UTC(2026, 10, day + days)).toISOString().slice(0, 10);

const initialZone = process.env.TZ;

afterEach(() => {
  vi.useRealTimers();
  if (initialZone === undefined) delete process.env.TZ;
  else process.env.TZ = initialZone;
});

/** Puts the device in `zone` at a local time of November 2026's `day`; only Date is faked. */
function deviceAt(zone: string, day: number, [hours, minutes, seconds]: readonly [number, number, number]): Date {
  // Node reads TZ again when it changes: local dates from here on are the zone's.
  process.env.TZ = zone;
  vi.useFakeTimers({ toFake: ['Date'] });
  const now = new Date(2026, 10, day, hours, minutes, seconds);
  vi.setSystemTime(now);
  return now;
}

/** A local time `days` from November 2026's `day`. */
const localTime = (day: number, days: number, hours: number, minutes: number, seconds = 0) => new Date(2026, 10, day + days, hours, minutes, seconds);

/** Like the demo data: a session at 18:30 on each day of the four weeks before today but Sundays, newest first. */
function demoSessionStarts(day: number): Date[] {
  return Array.from({ length: 28 }, (_, index) => localTime(day, -1 - index, 18, 30)).filter((start) => start.getDay() !== 0);
}

/** Days of this week before today, Monday first: a Monday has none, a Sunday six. */
const daysBeforeTodayThisWeek = (code: Weekday) => ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'].indexOf(code);

describe.each(WEEK)('Home on a %s (2026-11-%i)', (_weekday, day, code) => {
  it.each(CASES)("in %s at %s local time: today's workout, the week, the expiry banner and the water day", (zone, _time, time) => {
    const now = deviceAt(zone, day, time);
    expect(weekdayOf(now)).toBe(code);

    // Today's workout: the one planned for the weekday, else the first.
    expect(WORKOUTS[todaysWorkoutIndex(WORKOUTS, now)]!.titulo).toBe(TODAYS_CARD[code].titulo);

    // The week strip: Monday to Sunday, every day so far this week trained, today marked.
    const week = weekDays(now, demoSessionStarts(day).map((start) => start.toISOString()));
    const before = daysBeforeTodayThisWeek(code);
    expect(week.map((weekDay) => weekdayOf(weekDay.date))).toEqual(['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO']);
    expect(week.map((weekDay) => weekDay.isToday)).toEqual(week.map((_, index) => index === before));
    expect(week.map((weekDay) => weekDay.trained)).toEqual(week.map((_, index) => index < before));

    // The expiry banner (SPEC.md §4), counted in days of the device's calendar.
    const banner = (days: number) => followUpMessage(daysUntil(calendarDay(day, days)));
    expect(banner(10)).toBeNull();
    expect(banner(9)).toBe('Faltam 9 dias para o término de seu acompanhamento.');
    expect(banner(2)).toBe('Faltam 2 dias para o término de seu acompanhamento.');
    expect(banner(1)).toBe('Falta 1 dia para o término de seu acompanhamento.');
    expect(banner(0)).toBe(FOLLOW_UP_ENDED_MESSAGE);
    expect(banner(-9)).toBe(FOLLOW_UP_ENDED_MESSAGE);
    expect(daysUntil(calendarDay(day, -9))).toBeGreaterThan(FORCED_SIGN_OUT_DAYS);
    expect(daysUntil(calendarDay(day, -10))).toBeLessThanOrEqual(FORCED_SIGN_OUT_DAYS);

    // The water day: a glass from seconds before midnight is yesterday's; one from seconds after, today's.
    const lastNight = localTime(day, 0, 0, 0).getTime() - 10_000;
    const justAfterMidnight = localTime(day, 0, 0, 0, 10).getTime();
    expect(entriesOfDay([lastNight, justAfterMidnight], now)).toEqual([justAfterMidnight]);
  });

  it.each(CASES)('in %s at %s local time, renders them on Home', async (zone, _time, time) => {
    deviceAt(zone, day, time);
    const starts = demoSessionStarts(day);
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
        HttpResponse.json({ results: [buildEvaluation({ id: 5, plano: 'ULTIMATE', vencimento: calendarDay(day, 5) })] }),
      ),
      http.get(apiUrl('/v1/avaliacoes/5/treinos'), () => HttpResponse.json(paged(WORKOUTS))),
      http.get(apiUrl('/v1/avaliacoes/5/dietas'), () => HttpResponse.json(paged([buildDiet()]))),
      http.get(apiUrl('/v1/treinos/:id/sessoes'), ({ params }) => {
        const workout = WORKOUTS.find((candidate) => candidate.id === Number(params.id))!;
        const results = starts
          .filter((start) => isPlannedToday(workout, start))
          .slice(0, 14)
          .map((start, index) => ({ id: `s-${workout.id}-${index}`, treino_id: workout.id, iniciado_em: start.toISOString(), concluido_em: start.toISOString(), series: [] }));
        return HttpResponse.json(paged(results));
      }),
    );
    localStorage.setItem('waterIntake', JSON.stringify([localTime(day, 0, 0, 0).getTime() - 10_000, localTime(day, 0, 0, 0, 10).getTime()]));
    signIn();
    renderApp('/');

    expect(await screen.findByText('Faltam 5 dias para o término de seu acompanhamento.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const workouts = await screen.findByRole('region', { name: 'Meus treinos' });
    const card = TODAYS_CARD[code];
    const todays = await within(workouts).findByRole('group', { name: new RegExp(`^${card.titulo}`) });
    expect(within(todays).queryByText('Hoje') !== null).toBe(card.planned);
    const before = daysBeforeTodayThisWeek(code);
    expect(await within(workouts).findByText(`Esta semana: ${before} ${before === 1 ? 'treino' : 'treinos'}`)).toBeInTheDocument();
    const days = within(within(workouts).getByRole('list', { name: 'Treinos desta semana' })).getAllByRole('listitem');
    expect(days[before]).toHaveTextContent('(hoje): sem treino');
    expect(await screen.findByText('250 ml de 2500 ml')).toBeInTheDocument();
  });
});
