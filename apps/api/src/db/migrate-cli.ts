import { loadConfig } from '../config.js';
import { useStartDataDir } from './cli-data-dir.js';
import { openDatabase } from './client.js';

useStartDataDir();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
