import { mergeWaterLogs, waterDayRequestOf, waterLogOf, type WaterLog } from '@acompanha/contract';
import { useIsMutating } from '@tanstack/react-query';
import { addDays, startOfDay } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isoDay } from '@acompanha/ui/dates';
import { currentUserIdOrNull } from '../../lib/session/current-user';
import { getWaterDay, getWaterIntake, setWaterConsumption, setWaterDay, setWaterIntake } from '../../lib/storage';
import { useServerWaterDay, useSyncWater, waterSyncKey } from './api/water-day';
import { entriesOfDay, maxGlasses, WATER_UNIT_ML } from './water-log';

/** Re-renders at the next local midnight, so a screen left open starts the new day at 0 ml. */
function useToday(): Date {
  const [today, setToday] = useState(() => new Date());
  useEffect(() => {
    const untilMidnight = startOfDay(addDays(today, 1)).getTime() - Date.now();
    const timer = setTimeout(() => setToday(new Date()), Math.max(untilMidnight, 0) + 1000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}

const EMPTY: WaterLog = { glasses: [], resetAt: null };

/**
 * The day as this device holds it for the signed-in client: today's glasses of `waterIntake`, and
 * the day's 'Recomeçar'. Glasses another account left (a session that ended without clearing the
 * device) are not theirs: the day then starts empty. Glasses stored before the owner was recorded
 * (an older version) belong to whoever is signed in.
 */
function readLocal(userId: number | null, date: string, today: Date): WaterLog {
  const owner = getWaterDay();
  if (owner && owner.userId !== userId) return EMPTY;
  return { glasses: entriesOfDay(getWaterIntake(), today), resetAt: owner?.date === date ? owner.resetAt : null };
}

/** SPEC.md's keys (`waterIntake`, one timestamp per glass, and `waterConsumption`) and whose day they are. */
function writeLocal(userId: number | null, date: string, log: WaterLog) {
  setWaterIntake(log.glasses);
  setWaterConsumption(log.glasses.length * WATER_UNIT_ML);
  if (userId !== null) setWaterDay({ userId, date, resetAt: log.resetAt });
}

const sameLog = (a: WaterLog, b: WaterLog) => a.resetAt === b.resetAt && a.glasses.length === b.glasses.length && a.glasses.every((glass, index) => glass === b.glasses[index]);

/**
 * Today's glasses of water: kept in local storage as SPEC.md says, and on the server per account
 * (decision 041), so that they survive 'Sair' and show on every device. Offline first: a glass
 * shows at once and its save waits for the connection; the server's copy, when it arrives, is
 * merged in (every glass once, none before the last 'Recomeçar'), and what this device held that
 * the server lacked is sent.
 */
export function useWaterLog(goal: number) {
  const userId = currentUserIdOrNull();
  const today = useToday();
  const date = isoDay(today);
  const limit = maxGlasses(goal);
  const [log, setLog] = useState(() => readLocal(userId, date, today));
  const current = useRef(log);
  // The day before a 'Recomeçar' that can still be undone: until then nothing goes to the server,
  // whose merge never moves a 'Recomeçar' back (the contract's mergeWaterLogs).
  const beforeReset = useRef<WaterLog | null>(null);
  const server = useServerWaterDay(date, userId !== null);
  const { mutate: sync } = useSyncWater();
  const saving = useIsMutating({ mutationKey: waterSyncKey }) > 0;

  const keep = useCallback(
    (next: WaterLog) => {
      current.current = next;
      setLog(next);
      writeLocal(userId, date, next);
    },
    [userId, date],
  );

  // Another day or another client: what the device holds for them. A session that has just ended
  // ('Sair' cleared the device while this card was still on screen) writes nothing back.
  useEffect(() => {
    if (userId === null) return;
    const local = readLocal(userId, date, today);
    // Yesterday's glasses would otherwise stay in storage (and in waterConsumption) for good.
    if (!sameLog(local, current.current) || getWaterIntake().length !== local.glasses.length) keep(local);
  }, [userId, date, today, keep]);

  const serverDay = server.data?.data === date ? server.data : undefined;
  useEffect(() => {
    if (!serverDay) return;
    const fromServer = waterLogOf(serverDay);
    const merged = mergeWaterLogs(current.current, fromServer, limit);
    if (!sameLog(merged, current.current)) keep(merged);
    if (!sameLog(merged, fromServer) && !saving && userId !== null && !beforeReset.current) sync({ date, day: waterDayRequestOf(merged) });
  }, [serverDay, limit, keep, saving, sync, date, userId]);

  const send = useCallback(
    (next: WaterLog) => {
      if (userId !== null) sync({ date, day: waterDayRequestOf(next) });
    },
    [sync, date, userId],
  );

  const save = useCallback(
    (next: WaterLog) => {
      keep(next);
      if (!beforeReset.current) send(next);
    },
    [keep, send],
  );

  const add = useCallback(() => {
    const { glasses, resetAt } = current.current;
    if (glasses.length >= limit) return;
    // Each glass is its own instant: the server keeps a glass once by its time (two taps within a millisecond are two glasses).
    save({ glasses: [...glasses, Math.max(Date.now(), (glasses.at(-1) ?? 0) + 1)], resetAt });
  }, [limit, save]);

  /**
   * 'Recomeçar' clears every glass shown, whatever their times: the mark is never before the last
   * one. It stays on this device until `confirmReset` (the undo's time is over), so that `undoReset`
   * can still bring the glasses back, with any added since.
   */
  const reset = useCallback(() => {
    beforeReset.current ??= current.current;
    keep({ glasses: [], resetAt: Math.max(Date.now(), current.current.glasses.at(-1) ?? 0) });
  }, [keep]);

  const undoReset = useCallback(() => {
    const before = beforeReset.current;
    if (!before) return;
    beforeReset.current = null;
    save(mergeWaterLogs(before, { glasses: current.current.glasses, resetAt: null }, limit));
  }, [save, limit]);

  const confirmReset = useCallback(() => {
    if (!beforeReset.current) return;
    beforeReset.current = null;
    send(current.current);
  }, [send]);

  const glasses = log.glasses;
  return {
    millilitres: glasses.length * WATER_UNIT_ML,
    lastRecord: glasses.length > 0 ? new Date(glasses[glasses.length - 1]!) : null,
    atGoal: glasses.length >= limit,
    add,
    reset,
    undoReset,
    confirmReset,
  };
}
