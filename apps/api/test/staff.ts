import { requiresSecondFactor, type Role } from '@acompanha/contract';
import * as OTPAuth from 'otpauth';
import { createSecondFactorService } from '../src/modules/second-factor/service.js';
import { createUser, login, PASSWORD, TEST_SCRYPT_COST, type TestContext } from './helper.js';

let staffCount = 0;

/** The code an authenticator app shows for `secret` (base32) at `timestamp`. */
export const totpCode = (secret: string, timestamp = Date.now()) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

/** The second factor as the app's routes build it. */
export const secondFactorService = (ctx: TestContext) => createSecondFactorService({ db: ctx.db, secret: ctx.app.jwtSecret });

/**
 * Enrols the account's second factor as the console does and answers its secret. Confirmed with
 * the previous time step's code (still accepted), so that the current step's is left for a sign-in.
 */
export async function enrolSecondFactor(ctx: TestContext, user: { id: number; email: string }) {
  const { segredo } = await secondFactorService(ctx).beginEnrolment(user);
  await secondFactorService(ctx).confirmEnrolment(user.id, totpCode(segredo, Date.now() - 30_000));
  return segredo;
}

/**
 * A team member signed in, with their tokens: a personal trainer named Rafael Costa unless told
 * otherwise. An administrator enrols a second factor first and signs in with its code, as the
 * console requires (decision 056); `totpSecret` is its secret, null for the others.
 */
export async function signInStaff(ctx: TestContext, roles: Role[] = ['ROLE_PERSONAL'], nome: string | null = 'Rafael Costa') {
  staffCount += 1;
  const user = await createUser(ctx.db, { email: `equipe${staffCount}@equipe.test`, password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles, nome });
  const totpSecret = requiresSecondFactor(roles) ? await enrolSecondFactor(ctx, user) : null;
  return { ...user, totpSecret, ...(await login(ctx.app, user.email, PASSWORD, totpSecret ? totpCode(totpSecret) : undefined)) };
}
