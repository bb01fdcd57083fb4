import type { Role } from '@acompanha/contract';
import { createUser, login, PASSWORD, TEST_SCRYPT_COST, type TestContext } from './helper.js';

let staffCount = 0;

/** A team member signed in, with their tokens: a personal trainer named Rafael Costa unless told otherwise. */
export async function signInStaff(ctx: TestContext, roles: Role[] = ['ROLE_PERSONAL'], nome: string | null = 'Rafael Costa') {
  staffCount += 1;
  const user = await createUser(ctx.db, { email: `equipe${staffCount}@equipe.test`, password: PASSWORD, scryptCost: TEST_SCRYPT_COST, roles, nome });
  return { ...user, ...(await login(ctx.app, user.email)) };
}
