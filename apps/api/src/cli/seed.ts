import './invocation-dir.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { DEMO_PASSWORD, isEmpty, seedDemoData } from '../db/seed.js';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  if (!(await isEmpty(db))) {
    console.error('The database already has users; demo data is only added to an empty database.');
    process.exitCode = 1;
  } else {
    await seedDemoData(db);
    console.log(`Demo data added. Accounts: ana, bruno, carla, davi, nutri, personal, admin @demo.fit, password ${DEMO_PASSWORD}`);
  }
} finally {
  await db.destroy();
}
