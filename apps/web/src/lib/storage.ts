import { z } from 'zod/mini';

// The keys live in a module of their own, so that index.html's start script (src/start.ts) reads them without the rest.
import { STORAGE_KEYS } from './storage-keys';

export { STORAGE_KEYS };

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export type TokenKey =
  | typeof STORAGE_KEYS.accessToken
  | typeof STORAGE_KEYS.refreshToken
  | typeof STORAGE_KEYS.firstAccessToken
  | typeof STORAGE_KEYS.forgotPasswordToken;

/**
 * Tokens are kept as plain strings, without JSON quoting (DECISIONS.md §3). The session's pair is
 * read and written through its token store (session/tokens.ts); these keep an e-mailed link's token.
 */
export function getToken(key: TokenKey): string | null {
  return localStorage.getItem(key);
}

export function setToken(key: TokenKey, value: string): void {
  localStorage.setItem(key, value);
}

export function removeItem(key: StorageKey): void {
  localStorage.removeItem(key);
}

/** Millilitres drunk today. */
export function getWaterConsumption(): number | null {
  const stored = localStorage.getItem(STORAGE_KEYS.waterConsumption);
  if (stored === null) return null;
  const millilitres = Number(stored);
  return Number.isFinite(millilitres) ? millilitres : null;
}

export function setWaterConsumption(millilitres: number): void {
  localStorage.setItem(STORAGE_KEYS.waterConsumption, String(millilitres));
}

const waterIntakeSchema = z.array(z.number());

/** One epoch-millisecond timestamp per 250 ml glass. */
export function getWaterIntake(): number[] {
  const stored = localStorage.getItem(STORAGE_KEYS.waterIntake);
  if (stored === null) return [];
  try {
    const parsed = waterIntakeSchema.safeParse(JSON.parse(stored));
    // A value written by an older version or edited by hand must not break the water card.
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function setWaterIntake(timestamps: readonly number[]): void {
  localStorage.setItem(STORAGE_KEYS.waterIntake, JSON.stringify(timestamps));
}

const waterDaySchema = z.object({ userId: z.number(), date: z.string(), resetAt: z.nullable(z.number()) });
export type StoredWaterDay = z.infer<typeof waterDaySchema>;

/**
 * Whose glasses `waterIntake` holds and of which day, and when that day was last restarted: the
 * log is synced with the server per account (features/water), so another account's glasses, left
 * by a session that ended without clearing the device, must never be sent as theirs.
 */
export function getWaterDay(): StoredWaterDay | null {
  const stored = localStorage.getItem(STORAGE_KEYS.waterDay);
  if (stored === null) return null;
  try {
    return waterDaySchema.safeParse(JSON.parse(stored)).data ?? null;
  } catch {
    return null;
  }
}

export function setWaterDay(day: StoredWaterDay): void {
  localStorage.setItem(STORAGE_KEYS.waterDay, JSON.stringify(day));
}
