import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Points the `npm run db:*` commands at the data directory `npm start` uses: npm runs them in
 * apps/api, where the config's default `./data` would name an empty store of its own, while
 * scripts/start.mjs resolves DATA_DIR (default `data`) from the repository root.
 */
export function useStartDataDir(): void {
  process.env.DATA_DIR = resolve(REPO_ROOT, process.env.DATA_DIR || 'data');
}
