import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoggedIn } from './tokens';
import {
  getToken,
  getWaterConsumption,
  getWaterIntake,
  setToken,
  setWaterConsumption,
  setWaterIntake,
  STORAGE_KEYS,
} from '../storage';
import { endSession, onSessionEnd, type EndedSession } from './session-end';

describe('endSession', () => {
  const listener = vi.fn<(ended: EndedSession) => void>();
  const stopListening = onSessionEnd(listener);

  afterEach(() => listener.mockReset());

  function storeSession() {
    setToken(STORAGE_KEYS.accessToken, 'access');
    setToken(STORAGE_KEYS.refreshToken, 'refresh');
    setWaterConsumption(500);
    setWaterIntake([1]);
  }

  it('removes both tokens and the water consumption, nothing else, and tells the app to go to /login', () => {
    storeSession();

    endSession();

    expect(isLoggedIn()).toBe(false);
    expect(getToken(STORAGE_KEYS.accessToken)).toBeNull();
    expect(getWaterConsumption()).toBeNull();
    expect(getWaterIntake()).toEqual([1]);
    expect(listener).toHaveBeenCalledExactlyOnceWith({ userId: null, refreshToken: 'refresh', accessToken: 'access', redirectTo: '/login' });
  });

  it("clears the app's every key when asked, never the team console's on the same origin, and leaves navigation to a caller that says so", () => {
    storeSession();
    for (const key of Object.values(STORAGE_KEYS)) if (localStorage.getItem(key) === null) localStorage.setItem(key, 'kept by the app');
    // apps/console/src/lib/session.ts
    localStorage.setItem('acompanha.equipe.sessao', 'staff-session');

    endSession({ clearDevice: true, redirectTo: null });

    expect({ ...localStorage }).toEqual({ 'acompanha.equipe.sessao': 'staff-session' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ userId: null, refreshToken: 'refresh', accessToken: 'access', redirectTo: null });
  });

  it('stops telling a listener that unsubscribed', () => {
    stopListening();

    endSession();

    expect(listener).not.toHaveBeenCalled();
  });
});
