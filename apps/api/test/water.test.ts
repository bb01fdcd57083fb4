import type { WaterDay } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { bearer, call, expectBadField, expectError, login, signIn, useTestApp, type TestContext } from './helper.js';
import { runOnAFixedDay } from './fixed-day.js';
import { signInStaff } from './staff.js';

// A day is refused once it is in the future: the tests' days are around Thursday 2026-11-26.
runOnAFixedDay();

const DAY = '2026-11-26';
/** An instant of the test's day, by São Paulo's clock (UTC−3). */
const at = (time: string, date = DAY) => new Date(`${date}T${time}-03:00`).toISOString();

const getDay = async (ctx: TestContext, token: string, date = DAY) => {
  const response = await call(ctx.app, 'GET', `/api/v1/agua/${date}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WaterDay;
};
const putDay = (ctx: TestContext, token: string, payload: object, date = DAY) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/agua/${date}`, headers: bearer(token), payload });
const saved = async (ctx: TestContext, token: string, payload: { registros: string[]; recomecado_em: string | null }, date = DAY) => {
  const response = await putDay(ctx, token, payload, date);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WaterDay;
};

describe("the day's water log on the server", () => {
  const ctx = useTestApp();

  it('starts empty, keeps what a device sends, and gives it back to any device of the account', async () => {
    const ana = await signIn(ctx);
    expect(await getDay(ctx, ana.token)).toEqual({ data: DAY, registros: [], recomecado_em: null });
    const glasses = [at('08:00'), at('09:30'), at('11:15')];
    expect(await saved(ctx, ana.token, { registros: glasses, recomecado_em: null })).toEqual({ data: DAY, registros: glasses, recomecado_em: null });
    // 'Sair' and a new sign-in (or another phone): a new session reads the same day.
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: ana.refresh_token } });
    const again = await login(ctx.app, ana.email);
    expect((await getDay(ctx, again.token)).registros).toEqual(glasses);
  });

  it('is the same day however often or in what order devices send it: every glass once, oldest first', async () => {
    const ana = await signIn(ctx);
    const phone = [at('08:00'), at('10:00')];
    const laptop = [at('09:00'), at('10:00')];
    await saved(ctx, ana.token, { registros: phone, recomecado_em: null });
    await saved(ctx, ana.token, { registros: phone, recomecado_em: null });
    const merged = await saved(ctx, ana.token, { registros: laptop, recomecado_em: null });
    expect(merged.registros).toEqual([at('08:00'), at('09:00'), at('10:00')]);
    // A time with another offset is the same instant.
    await saved(ctx, ana.token, { registros: ['2026-11-26T11:00:00.000Z'], recomecado_em: null });
    expect((await getDay(ctx, ana.token)).registros).toEqual([at('08:00'), at('09:00'), at('10:00')]);
  });

  it("'Recomeçar' on one device empties the day everywhere; an older copy sent later does not bring the glasses back", async () => {
    const ana = await signIn(ctx);
    const before = [at('08:00'), at('09:00')];
    await saved(ctx, ana.token, { registros: before, recomecado_em: null });
    expect(await saved(ctx, ana.token, { registros: [], recomecado_em: at('12:00') })).toEqual({ data: DAY, registros: [], recomecado_em: at('12:00') });
    // The other phone, offline since 09:30, sends what it had, and a glass after the reset.
    const merged = await saved(ctx, ana.token, { registros: [...before, at('12:30')], recomecado_em: null });
    expect(merged).toEqual({ data: DAY, registros: [at('12:30')], recomecado_em: at('12:00') });
  });

  it("keeps at most the goal's glasses (ceil(goal / 250)), the earliest", async () => {
    const ana = await signIn(ctx, { evaluation: { consumo_ideal_agua: 900 } });
    const glasses = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'].map((time) => at(time));
    expect((await saved(ctx, ana.token, { registros: glasses, recomecado_em: null })).registros).toEqual(glasses.slice(0, 4));
  });

  it('counts both of two devices saving at the same moment', async () => {
    const ana = await signIn(ctx);
    await Promise.all([saved(ctx, ana.token, { registros: [at('08:00')], recomecado_em: null }), saved(ctx, ana.token, { registros: [at('08:30')], recomecado_em: null })]);
    expect((await getDay(ctx, ana.token)).registros).toEqual([at('08:00'), at('08:30')]);
  });

  it("is each account's own: another client reads an empty day, and staff get 403", async () => {
    const ana = await signIn(ctx);
    const bia = await signIn(ctx);
    const staff = await signInStaff(ctx);
    await saved(ctx, ana.token, { registros: [at('08:00')], recomecado_em: null });
    expect((await getDay(ctx, bia.token)).registros).toEqual([]);
    expectError(await call(ctx.app, 'GET', `/api/v1/agua/${DAY}`, { token: staff.token }), 403);
    expectError(await putDay(ctx, staff.token, { registros: [], recomecado_em: null }), 403);
    expectError(await call(ctx.app, 'GET', `/api/v1/agua/${DAY}`), 401);
  });

  it('refuses what cannot be a device’s day, naming the field', async () => {
    const ana = await signIn(ctx);
    expectBadField(await call(ctx.app, 'GET', '/api/v1/agua/26-11-2026', { token: ana.token }), 'data');
    expectBadField(await putDay(ctx, ana.token, { registros: [], recomecado_em: null }, '2026-12-01'), 'data');
    expectBadField(await putDay(ctx, ana.token, { registros: [at('08:00', '2026-11-24')], recomecado_em: null }), 'registros');
    expectBadField(await putDay(ctx, ana.token, { registros: ['às oito'], recomecado_em: null }), 'registros.0');
    expectBadField(await putDay(ctx, ana.token, { registros: [], recomecado_em: at('08:00', '2026-11-20') }), 'recomecado_em');
    expectBadField(await putDay(ctx, ana.token, { registros: Array.from({ length: 101 }, () => at('08:00')), recomecado_em: null }), 'registros');
    expectBadField(await putDay(ctx, ana.token, { registros: [], recomecado_em: null, copos: 3 }), 'copos');
    expect((await getDay(ctx, ana.token)).registros).toEqual([]);
  });

  it('takes a day of the last 30, which a device may still send from its offline queue, and refuses an older one', async () => {
    const ana = await signIn(ctx);
    // 29 and 33 days before the test's day, whatever the machine's time zone makes of its noon.
    expect((await putDay(ctx, ana.token, { registros: [at('08:00', '2026-10-28')], recomecado_em: null }, '2026-10-28')).statusCode).toBe(200);
    for (const date of ['2026-10-24', '0001-01-01']) {
      const refused = expectBadField(await putDay(ctx, ana.token, { registros: [], recomecado_em: null }, date), 'data');
      expect(refused.message).toBe('data: não pode ser de mais de 30 dias atrás.');
    }
  });
});
