import { loadConfig } from '../../../config.js';
import { useStartDataDir } from '../../../db/cli-data-dir.js';
import { openDatabase } from '../../../db/client.js';
import { scanPublished } from './guard-scan.js';

/**
 * `npm run guard:scan`: the privacy guard over every published tea and comment no review covers,
 * what it finds put into the moderators' queue; nothing is unpublished. On the embedded database
 * the server holds the store, so stop it first (or use the scan in the admin area).
 */
useStartDataDir();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const counts = await scanPublished(database.db);
  console.log(
    `privacy guard scan (${database.kind}): ${counts.teas} published teas read, ${counts.flagged_teas} flagged; ` +
      `${counts.comments} comments read, ${counts.flagged_comments} flagged. Flagged items wait in the moderation queue.`,
  );
} finally {
  await database.close();
}
