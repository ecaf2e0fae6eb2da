import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'kettle-damaged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 40 kill -9s under load never left PGlite's files unreadable (resilience/crash.test.ts); a store
// damaged some other way must stop the start-up with what to do, never be served.
it('refuses a PGlite store it cannot open, naming it and the way back', async () => {
  const database = await openPglite(dir);
  await database.close();
  const control = join(dir, 'pglite', 'global', 'pg_control');
  const bytes = readFileSync(control);
  bytes.fill(7, 0, 64);
  writeFileSync(control, bytes);
  const opening = openPglite(dir);
  await expect(opening).rejects.toThrow(`the embedded database in ${join(dir, 'pglite')} could not be opened`);
  await expect(opening).rejects.toThrow(/Kettle will not serve from it\. Restore a backup with `npm run db:restore/);
}, 120_000);
