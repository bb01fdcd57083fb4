import { describe, expect, it } from 'vitest';
import { isLoggedIn } from './session/tokens';
import {
  getToken,
  getWaterConsumption,
  getWaterIntake,
  setToken,
  setWaterConsumption,
  setWaterIntake,
  STORAGE_KEYS,
} from './storage';

describe('storage', () => {
  it('keeps tokens as plain strings under the keys of SPEC.md §3', () => {
    setToken(STORAGE_KEYS.accessToken, 'abc.def.ghi');
    setToken(STORAGE_KEYS.forgotPasswordToken, 'link');

    expect(localStorage.getItem('access-token')).toBe('abc.def.ghi');
    expect(localStorage.getItem('forgot-password-token')).toBe('link');
    expect(getToken(STORAGE_KEYS.accessToken)).toBe('abc.def.ghi');
  });

  it('counts as logged in exactly when a refresh token is stored', () => {
    setToken(STORAGE_KEYS.accessToken, 'access');
    expect(isLoggedIn()).toBe(false);

    setToken(STORAGE_KEYS.refreshToken, 'refresh');
    expect(isLoggedIn()).toBe(true);
  });

  it('keeps the water intake as a JSON list of timestamps', () => {
    setWaterIntake([1_700_000_000_000, 1_700_000_360_000]);

    expect(localStorage.getItem('waterIntake')).toBe('[1700000000000,1700000360000]');
    expect(getWaterIntake()).toEqual([1_700_000_000_000, 1_700_000_360_000]);
  });

  it.each(['not json', '{"a":1}', '["yesterday"]'])('reads a damaged water intake %j as empty', (stored) => {
    localStorage.setItem('waterIntake', stored);

    expect(getWaterIntake()).toEqual([]);
  });

  it('reads the water consumption as a number', () => {
    expect(getWaterConsumption()).toBeNull();

    setWaterConsumption(750);

    expect(localStorage.getItem('waterConsumption')).toBe('750');
    expect(getWaterConsumption()).toBe(750);
  });
});
