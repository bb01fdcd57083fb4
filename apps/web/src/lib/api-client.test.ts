import { meReadSchema } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, expiredTokens } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../testing/record-requests';
import { api } from './api-client';
import { onSessionEnd } from './session/session-end';
import { tokens } from './session/tokens';
import { setWaterConsumption, STORAGE_KEYS } from './storage';

// The client itself (refresh, single flight, lock, errors) is packages/client's and tested there;
// this is the app's wiring: what a refused refresh does to the client's session.
describe('api', () => {
  const navigate = vi.fn<(to: string) => void>();
  let requests: ReturnType<typeof recordRequests>;
  let stopListening: () => void;

  beforeEach(() => {
    requests = recordRequests();
    // Stands in for the app's reaction (app/create-app.tsx): where an ended session goes next.
    stopListening = onSessionEnd(({ redirectTo }) => redirectTo && navigate(redirectTo));
  });

  afterEach(() => {
    requests.stop();
    stopListening();
    navigate.mockReset();
  });

  it('ends the session and goes to /login when the refresh is refused', async () => {
    tokens.store({ token: expiredTokens.token, refresh_token: 'revoked-refresh' });
    setWaterConsumption(750);

    await expect(api.call('/v1/users/me', meReadSchema)).rejects.toMatchObject({ status: 401 });

    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(tokens.read()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.waterConsumption)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('keeps the session, and goes nowhere, when the refresh call cannot reach the server', async () => {
    tokens.store(expiredTokens);
    server.use(http.post(apiUrl('/v1/auth/refresh'), () => HttpResponse.error()));

    await expect(api.call('/v1/users/me', meReadSchema)).rejects.toMatchObject({ status: 0, transient: true });

    expect(tokens.read()).toEqual(expiredTokens);
    expect(navigate).not.toHaveBeenCalled();
  });
});
