import { addDays, startOfDay } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import { getWaterIntake, setWaterConsumption, setWaterIntake } from '../../lib/storage';
import { entriesOfDay, maxGlasses, WATER_UNIT_ML } from './water-log';

function save(timestamps: number[]) {
  setWaterIntake(timestamps);
  setWaterConsumption(timestamps.length * WATER_UNIT_ML);
}

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

/** Today's glasses of water, kept in local storage (`waterIntake`, `waterConsumption`). */
export function useWaterLog(goal: number) {
  const [intake, setIntake] = useState(getWaterIntake);
  const today = useToday();
  const glasses = entriesOfDay(intake, today);
  const limit = maxGlasses(goal);
  const hasEarlierDays = glasses.length !== intake.length;

  useEffect(() => {
    // Yesterday's glasses would otherwise stay in storage (and in waterConsumption) for good.
    if (hasEarlierDays) save(entriesOfDay(intake, today));
  }, [hasEarlierDays, intake, today]);

  const add = useCallback(() => {
    const now = Date.now();
    setIntake((current) => {
      const todays = entriesOfDay(current, new Date(now));
      if (todays.length >= limit) return current;
      const next = [...todays, now];
      save(next);
      return next;
    });
  }, [limit]);

  const reset = useCallback(() => {
    save([]);
    setIntake([]);
  }, []);

  return {
    millilitres: glasses.length * WATER_UNIT_ML,
    lastRecord: glasses.length > 0 ? new Date(glasses[glasses.length - 1]!) : null,
    atGoal: glasses.length >= limit,
    add,
    reset,
  };
}
