import { ConfigError } from '../config.js';
import { runSeed } from './seed-command.js';

/** `npm run db:seed`, or `npm run db:seed -- --demo` for the demo community on PostgreSQL too. */
try {
  console.log(await runSeed(process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
