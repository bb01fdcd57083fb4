import './invocation-dir.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, isEmpty, seedDemoData } from '../db/seed.js';
import { loadJwtSecret } from '../modules/auth/tokens.js';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  if (!(await isEmpty(db))) {
    console.error('The database already has users; demo data is only added to an empty database.');
    process.exitCode = 1;
  } else {
    // The server's own secret, so that the server reads the administrator's second factor.
    await seedDemoData(db, loadJwtSecret(config.JWT_SECRET, config.DATA_DIR));
    console.log(`Demo data added. Accounts: ana, bruno, carla, davi, nutri, personal, admin @demo.fit, password ${DEMO_PASSWORD}`);
    console.log(`admin@demo.fit signs in with a second factor too: its authenticator secret is ${DEMO_ADMIN_TOTP_SECRET}`);
  }
} finally {
  await db.destroy();
}
