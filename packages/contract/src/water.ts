import { z } from 'zod/mini';
import { isoDateSchema } from './common.js';
import { DEFAULT_WATER_GOAL_ML } from './evaluations.js';

/**
 * The day's water log, kept on the server per account and day as well as on the device (SPEC.md §3's
 * `waterIntake`, one timestamp per 250 ml glass), so that it survives 'Sair' and shows on every
 * device (docs/decisions/041-push-notifications.md). A device sends the whole day it holds, and
 * the server merges it with what it has: the same day sent twice, or by two devices, is one day.
 */

/** SPEC.md §9: each add is one 250 ml glass. */
export const WATER_UNIT_ML = 250;

/** SPEC.md §4: adds stop once the count reaches ceil(goal / 250). */
export const waterGlassesFor = (goalMl: number | null | undefined) =>
  Math.ceil((goalMl && goalMl > 0 ? goalMl : DEFAULT_WATER_GOAL_ML) / WATER_UNIT_ML);

/** The most glasses a day may hold, whatever the goal (a 10-litre goal is 40). */
export const WATER_GLASSES_MAX = 100;

const instantSchema = z.iso.datetime({ offset: true });

/** `GET`/`PUT /api/v1/agua/{data}`: `data` is the device's local calendar date. */
export const waterDayParamsSchema = z.object({ data: isoDateSchema });
export type WaterDayParams = z.infer<typeof waterDayParamsSchema>;

/**
 * The day as the device holds it: each glass's time, and when it last pressed 'Recomeçar' that day
 * (a glass at or before it no longer counts, on any device).
 */
export const waterDayRequestSchema = z.strictObject({
  registros: z.array(instantSchema).check(z.maxLength(WATER_GLASSES_MAX)),
  recomecado_em: z.nullable(instantSchema),
});
export type WaterDayRequest = z.infer<typeof waterDayRequestSchema>;

/** The day as the server holds it, glasses oldest first (ISO date-times in UTC). */
export const waterDaySchema = z.object({
  data: isoDateSchema,
  registros: z.array(z.string()),
  recomecado_em: z.nullable(z.string()),
});
export type WaterDay = z.infer<typeof waterDaySchema>;

/** How the web app reads a day: glasses it cannot read are left out. */
export const waterDayReadSchema = z.object({
  data: isoDateSchema,
  registros: z.pipe(z.array(z.unknown()), z.transform((items) => items.filter((item): item is string => typeof item === 'string' && !Number.isNaN(Date.parse(item))))),
  recomecado_em: z.catch(z.nullable(z.string()), null),
}) satisfies z.ZodMiniType<WaterDay>;

/** A day's log in epoch milliseconds: the glasses, and the last 'Recomeçar' (null: never that day). */
export interface WaterLog {
  glasses: number[];
  resetAt: number | null;
}

/**
 * Two copies of a day made one: every glass of either (once), none at or before the later
 * 'Recomeçar', oldest first, at most `maxGlasses` (the earliest). Order and repetition do not
 * change the result, so devices and retries can merge in any order.
 */
export function mergeWaterLogs(a: WaterLog, b: WaterLog, maxGlasses = WATER_GLASSES_MAX): WaterLog {
  const resetAt = a.resetAt === null ? b.resetAt : b.resetAt === null ? a.resetAt : Math.max(a.resetAt, b.resetAt);
  const glasses = [...new Set([...a.glasses, ...b.glasses])]
    .filter((glass) => resetAt === null || glass > resetAt)
    .sort((x, y) => x - y)
    .slice(0, maxGlasses);
  return { glasses, resetAt };
}

/** The API's shape of a day as a log, and back. */
export const waterLogOf = (day: Pick<WaterDay, 'registros' | 'recomecado_em'>): WaterLog => ({
  glasses: day.registros.map((glass) => Date.parse(glass)),
  resetAt: day.recomecado_em === null ? null : Date.parse(day.recomecado_em),
});

export const waterDayRequestOf = (log: WaterLog): WaterDayRequest => ({
  registros: log.glasses.map((glass) => new Date(glass).toISOString()),
  recomecado_em: log.resetAt === null ? null : new Date(log.resetAt).toISOString(),
});
