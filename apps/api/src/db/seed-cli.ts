import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { ensureAdmin, seedDemoUsers, seedReferenceData } from './seed.js';

/** `npm run db:seed`: reference data, the configured admin, and demo accounts unless SEED_DEMO_USERS=false. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedReferenceData(database.db);
if (config.admin) await ensureAdmin(database.db, config.admin);
const demo = process.env.SEED_DEMO_USERS === 'false' ? 0 : await seedDemoUsers(database.db, config);
await database.close();
console.log(`reference data ${seeded ? 'seeded' : 'already present'}; ${demo} demo accounts created`);
