/**
 * Backups for every tier: `npm run db:backup` while the built server is under mixed load, then
 * `npm run db:restore` into a fresh data directory (and, for PostgreSQL, a fresh database), a server
 * started on the copy, and the checks: every write acknowledged before the backup began is there,
 * its images too, and the coin invariants hold.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startServerOnData } from '../test/server-process.js';
import { accessTokenFor, actorsFor, mixedLoad, seedLoadWorld, type Acked } from './load-kit.js';
import { checkStore, ENGINES } from './store-check.js';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const JWT_SECRET = 'backup-test-secret-backup-test-secret-01';
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const copyOf = (acked: Acked): Acked => structuredClone(acked);

/** The test runner's variables that would point the commands at another store. */
const NOT_INHERITED = /^(NODE_ENV|VITEST.*|TEST_.*|DATABASE_URL|REDIS_URL|S3_.*|NODE_OPTIONS)$/;
/** The npm scripts as an operator types them, with the server's own variables. */
const npm = (script: string, env: Record<string, string>, ...args: string[]) =>
  run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO,
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !NOT_INHERITED.test(k))), ...env },
    timeout: 300_000,
  });

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('backup and restore on %s', (engine) => {
  it('copies a consistent store and its uploads while the server is under load', async () => {
    const original = await ENGINES[engine]();
    const copy = await ENGINES[engine]();
    const base = { JWT_SECRET, SEED_DEMO_USERS: 'false', SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'warn' };
    try {
      const setup = await original.open();
      await setup.migrate();
      const world = await seedLoadWorld(setup.db, { readers: 4, teas: 60 });
      await setup.close();
      const server = await startServerOnData({ ...original.env, ...base });
      const load = mixedLoad({
        origin: server.origin,
        actors: await actorsFor(JWT_SECRET, world),
        world,
        clients: 4,
        mix: { tea: 3 },
      });
      let before: Acked;
      let backup: string;
      try {
        // A fresh server answers its first requests slowly: back up once teas and spends are landing.
        const deadline = Date.now() + 90_000;
        while ((load.acked.teas.length < 2 || load.acked.unlocks.length < 5) && Date.now() < deadline) await sleep(100);
        before = copyOf(load.acked);
        const { stdout } = await npm('db:backup', original.env);
        backup = /backup written: (.+)/.exec(stdout)?.[1]?.trim() ?? '';
        // PGlite's store is the running server's alone: the copy must have come from it.
        if (engine === 'pglite') expect(stdout).toContain('asking the running server');
        await sleep(500);
      } finally {
        await load.stop();
        await server.stop();
      }
      expect(existsSync(join(backup, 'manifest.json')), backup).toBe(true);
      expect(before.teas.length).toBeGreaterThan(0);
      expect(before.unlocks.length).toBeGreaterThan(0);

      // The copy's data directory may not hold the original's files: only the backup can fill it.
      await npm('db:restore', copy.env, backup);
      const restored = await startServerOnData({ ...copy.env, ...base });
      const me = await fetch(`${restored.origin}/api/v1/auth/me`, {
        headers: await accessTokenFor(JWT_SECRET, world.readerIds[0] ?? ''),
      });
      await restored.stop();
      expect(me.status).toBe(200);
      const db = await copy.open();
      const problems = await checkStore(db.db, before, copy.uploadsDir).finally(() => db.close());
      expect(problems).toEqual([]);
    } finally {
      await original.remove();
      await copy.remove();
    }
  });
});
