// `node --import tsx e2e/fill-roster.mjs` with DATA_DIR: the roster fixture of e2e/roster-fixture.ts,
// written through the API's repositories as the demo data is (createUser adds each client to the
// roster; setResponsibles and setPasswordHash keep their rows current). Prints how many it wrote.
// Plain JavaScript, as run.mjs is: the web app's type check (its DOM and ES2022 library) is not the API's.
import { loadConfig } from '../../api/src/config.ts';
import { openConfiguredDatabase } from '../../api/src/db/open.ts';
import { createUser } from '../../api/src/modules/accounts/repository.ts';
import { hashPassword } from '../../api/src/modules/auth/passwords.ts';
import { findUserByEmail, setPasswordHash } from '../../api/src/modules/auth/repository.ts';
import { setResponsibles } from '../../api/src/modules/roster/repository.ts';
import { fixtureClient, ROSTER_FIXTURE } from './roster-fixture.ts';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  const written = (await findUserByEmail(db, fixtureClient(0).email))
    ? 0
    : await db.transaction().execute(async (trx) => {
        const rafael = await findUserByEmail(trx, 'personal@demo.fit');
        if (!rafael) throw new Error('The demo accounts are missing: personal@demo.fit looks after half of the fixture.');
        // One hash for every client: at the production cost each takes a moment.
        const passwordHash = await hashPassword(ROSTER_FIXTURE.password, config.SCRYPT_COST);
        for (let n = 0; n < ROSTER_FIXTURE.size; n += 1) {
          const { nome, email, rafaels } = fixtureClient(n);
          const user = await createUser(trx, { email, client: { nome, data_nascimento: '1990-01-01' } });
          await setPasswordHash(trx, user.id, passwordHash);
          if (rafaels) await setResponsibles(trx, user.id, { personalId: rafael.id, nutricionistaId: null });
        }
        return ROSTER_FIXTURE.size;
      });
  console.log(written);
} finally {
  await db.destroy();
}
