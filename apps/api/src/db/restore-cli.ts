/**
 * `npm run db:restore -- <backup folder>`: puts a backup made by `npm run db:backup` in place of
 * DATA_DIR's database and uploads (DATABASE_URL's database for a PostgreSQL backup). Stop the
 * server first; what was replaced is kept in DATA_DIR/replaced-<time>/.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { OWNER_ONLY_UMASK } from '../lib/owner-only.js';
import { useStartDataDir } from './cli-data-dir.js';
import { restoreBackup } from './backup.js';

async function main(): Promise<void> {
  const given = process.argv[2];
  if (!given) throw new Error('usage: npm run db:restore -- <backup folder>');
  useStartDataDir();
  // A backup is as private as the data directory it copies (lib/owner-only.ts).
  process.umask(OWNER_ONLY_UMASK);
  const config = loadConfig();
  // npm runs this in apps/api; the folder the user typed is relative to where they typed it.
  const backup = resolve(process.env.INIT_CWD ?? '.', given);
  const manifest = await restoreBackup(backup, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(`restored the ${manifest.engine} backup of ${manifest.created_at} from ${backup}`);
}

main().catch((error: unknown) => {
  console.error('restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
