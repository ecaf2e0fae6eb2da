import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { seedDemoContent } from './demo/seed-demo.js';
import { ensureAdmin, seedDemoUsers, seedReferenceData } from './seed.js';

export const DEMO_FLAG = '--demo';
export const DEMO_IN_PRODUCTION = `${DEMO_FLAG} never runs with NODE_ENV=production: the demo is fictional content.`;

/**
 * `npm run db:seed [-- --demo]`: reference data, the configured admin, the demo accounts
 * (SEED_DEMO_USERS) and, when asked with --demo or by SEED_DEMO_CONTENT's default (the
 * embedded database), the demo community. Returns the summary line the CLI prints.
 */
export async function runSeed(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  const demo = args.includes(DEMO_FLAG);
  if (demo && config.isProduction) throw new ConfigError(DEMO_IN_PRODUCTION);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const seeded = await seedReferenceData(database.db);
    if (config.admin) await ensureAdmin(database.db, config.admin);
    const accounts = config.seedDemoUsers ? await seedDemoUsers(database.db, config) : 0;
    let community = 'not asked';
    if (demo || config.seedDemoContent) {
      // The demo runs through the services, which need the app's context (storage, payments...).
      const app = await buildApp({
        config: { ...config, seedDemoContent: false },
        database,
        serveWeb: false,
        sweeps: false,
        logger: { level: 'warn' },
      });
      try {
        community = await seedDemoContent(app.ctx, app.log);
      } finally {
        await app.close();
      }
    }
    return `reference data ${seeded ? 'seeded' : 'already present'}; ${accounts} demo accounts created; demo community: ${community}`;
  } finally {
    await database.close();
  }
}
