import { mergeWaterLogs, waterDayRequestOf, waterGlassesFor, waterLogOf, type WaterDay, type WaterDayRequest } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField } from '../../errors.js';
import { updateWaterDay, waterGoalOf } from './repository.js';

/**
 * The day's water log on the server (decision 041): a device sends the day it holds, the server
 * merges it into its own (contract's mergeWaterLogs: every glass once, none before the latest
 * 'Recomeçar', at most the goal's glasses), and answers the merged day for the device to show.
 */

const HOUR_MS = 60 * 60_000;

/**
 * The instants a local date can span, whatever the device's time zone (UTC−12 to UTC+14): a glass
 * outside them cannot be of that day.
 */
function spanOf(data: string) {
  const midnightUtc = Date.parse(`${data}T00:00:00Z`);
  return { from: midnightUtc - 14 * HOUR_MS, to: midnightUtc + 24 * HOUR_MS + 12 * HOUR_MS };
}

/**
 * The oldest day a device may still send: the app shows today only, and a save made offline waits
 * in the device's persisted cache for at most 30 days (the web app's PERSISTED_CACHE_MAX_AGE).
 */
const DAYS_BACK = 30;

/**
 * A day after tomorrow (UTC) is no device's today; a day that began more than DAYS_BACK days and a
 * day of time-zone slack before now is no day a device can still send, and is refused rather than kept.
 */
function assertDeviceDay(data: string, now: Date) {
  const midnightUtc = Date.parse(`${data}T00:00:00Z`);
  if (midnightUtc > now.getTime() + 24 * HOUR_MS) throw badField('data', 'não pode ser um dia futuro.');
  if (midnightUtc < now.getTime() - (DAYS_BACK + 1) * 24 * HOUR_MS) throw badField('data', `não pode ser de mais de ${DAYS_BACK} dias atrás.`);
}

/** Merges the device's copy of a day into the server's and returns the result. */
export async function saveWaterDay(db: Db, clientId: number, data: string, request: WaterDayRequest, now = new Date()): Promise<WaterDay> {
  assertDeviceDay(data, now);
  const { from, to } = spanOf(data);
  const sent = waterLogOf(request);
  const outside = (instant: number) => instant < from || instant >= to;
  if (sent.glasses.some(outside)) throw badField('registros', `cada registro deve ser do dia ${data}.`);
  if (sent.resetAt !== null && outside(sent.resetAt)) throw badField('recomecado_em', `deve ser do dia ${data}.`);
  const maxGlasses = waterGlassesFor(await waterGoalOf(db, clientId));
  return updateWaterDay(db, clientId, data, now, (stored) => ({ data, ...waterDayRequestOf(mergeWaterLogs(waterLogOf(stored), sent, maxGlasses)) }));
}
