import { z } from 'zod/mini';
import { persistedStore } from './persisted-store';

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

// The water card's keys (SPEC.md §3's `waterConsumption` and `waterIntake`, and decision 041's day),
// each zod-checked: a value written by an older version or edited by hand reads as nothing and
// must not break the card.
const waterConsumptionStore = persistedStore(STORAGE_KEYS.waterConsumption, z.number());
const waterIntakeStore = persistedStore(STORAGE_KEYS.waterIntake, z.array(z.number()));
const waterDaySchema = z.object({ userId: z.number(), date: z.string(), resetAt: z.nullable(z.number()) });
const waterDayStore = persistedStore(STORAGE_KEYS.waterDay, waterDaySchema);
export type StoredWaterDay = z.infer<typeof waterDaySchema>;

/** Millilitres drunk today. */
export const getWaterConsumption = (): number | null => waterConsumptionStore.read();
export const setWaterConsumption = (millilitres: number): void => waterConsumptionStore.write(millilitres);

/** One epoch-millisecond timestamp per 250 ml glass. */
export const getWaterIntake = (): number[] => waterIntakeStore.read() ?? [];
export const setWaterIntake = (timestamps: readonly number[]): void => waterIntakeStore.write([...timestamps]);

/**
 * Whose glasses `waterIntake` holds and of which day, and when that day was last restarted: the
 * log is synced with the server per account (features/water), so another account's glasses, left
 * by a session that ended without clearing the device, must never be sent as theirs.
 */
export const getWaterDay = (): StoredWaterDay | null => waterDayStore.read();
export const setWaterDay = (day: StoredWaterDay): void => waterDayStore.write(day);
