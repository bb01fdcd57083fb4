import type { LoginRequest, TokenPair } from '@acompanha/contract';
import type { CounterStore } from '../../counters/counter-store.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { tooManyRequests, unavailable } from '../../errors.js';
import { createLoginThrottle } from './login-throttle.js';
import { PasswordChecksBusy } from './passwords.js';
import type { AuthService } from './service.js';

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** More sign-ins at once than this instance checks in MAX_CHECK_WAIT_MS: a 503, as for any overload. */
const signInBusy = (retryAfterMs: number) =>
  unavailable(`Muitas pessoas entrando agora. Tente novamente em ${seconds(retryAfterMs)} ${seconds(retryAfterMs) === 1 ? 'segundo' : 'segundos'}.`, retryAfterMs);

export interface SignInAttempt extends LoginRequest {
  /** The caller's address, for the throttle's budgets per address and network (decision 016). */
  ip: string;
  /** The request's Cookie header: a device this account signed in on before is recognised by it. */
  cookie: string | undefined;
}

/**
 * `POST /v1/auth/login`'s rules: the throttle's budgets (per account, place and network; a device the
 * account knows goes first), the password and second-factor check, and the device cookie to set.
 * A check that never ran (the database or the password checks unavailable) is not counted as a
 * failure against the account.
 */
export function createSignIn(auth: AuthService, counters: CounterStore) {
  const throttle = createLoginThrottle(counters);
  return async function signIn({ email, password, codigo, ip, cookie }: SignInAttempt): Promise<{ tokens: TokenPair; deviceCookie: string }> {
    const attempt = await throttle.begin(email, ip, await auth.isKnownDevice(email, cookie));
    if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterMs);
    try {
      const tokens = await auth.login(email, password, attempt.knownPlace ? 'first' : 'queued', codigo);
      await attempt.succeeded();
      return { tokens, deviceCookie: auth.deviceCookie(tokens) };
    } catch (error) {
      if (isDatabaseUnavailable(error) || error instanceof PasswordChecksBusy) await attempt.unchecked();
      if (error instanceof PasswordChecksBusy) throw signInBusy(error.retryAfterMs);
      throw error;
    }
  };
}
