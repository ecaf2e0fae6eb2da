import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { openPglite } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

type Probe = 'ok' | 'down' | 'absent';
const answer = (probe: Probe) =>
  probe === 'ok'
    ? async () => 'PONG'
    : async () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:5432 secret'));

/** /api/ready over a context whose database, Redis and mailer answer as told (absent: not configured). */
async function ready(database: Probe, redis: Probe, mail: Probe) {
  const app = Fastify();
  const ctx = {
    database: { ping: answer(database) },
    redis: redis === 'absent' ? undefined : { ping: answer(redis) },
    mailer: mail === 'absent' ? {} : { ping: answer(mail) },
  } as unknown as AppContext;
  app.decorate('ctx', ctx);
  await app.register(healthRoutes);
  try {
    const [readiness, liveness] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/ready' }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    // Liveness never looks at a dependency.
    expect({ status: liveness.statusCode, body: liveness.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    return { status: readiness.statusCode, body: readiness.json<Record<string, unknown>>(), text: readiness.body };
  } finally {
    await app.close();
  }
}

const UNAVAILABLE = { detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable };

describe('GET /api/ready names each dependency', () => {
  it('answers ok with the configured ones only', async () => {
    expect(await ready('ok', 'absent', 'absent')).toMatchObject({
      status: 200,
      body: { status: 'ok', dependencies: { database: 'ok' } },
    });
    expect((await ready('ok', 'ok', 'ok')).body).toEqual({
      status: 'ok',
      dependencies: { database: 'ok', redis: 'ok', mail: 'ok' },
    });
  });

  it('answers 503 naming the database or Redis, and never why', async () => {
    const noDatabase = await ready('down', 'ok', 'ok');
    expect(noDatabase).toMatchObject({
      status: 503,
      body: { ...UNAVAILABLE, dependencies: { database: 'failing', redis: 'ok', mail: 'ok' } },
    });
    expect(noDatabase.text).not.toMatch(/ECONNREFUSED|secret|10\.0\.0\.9/);
    expect(await ready('ok', 'down', 'ok')).toMatchObject({
      status: 503,
      body: { ...UNAVAILABLE, dependencies: { database: 'ok', redis: 'failing', mail: 'ok' } },
    });
  });

  it('stays ready without SMTP, as degraded: mail waits in the outbox', async () => {
    expect(await ready('ok', 'ok', 'down')).toMatchObject({
      status: 200,
      body: { status: 'degraded', dependencies: { database: 'ok', redis: 'ok', mail: 'failing' } },
    });
  });
});

describe('GET /api/health', () => {
  // A guard, not a speed assertion: a store made in a new folder, a thread's death and a reopen;
  // making stores took 18 s in a `.ci/run` sharing the cores (db/pglite-thread.test.ts).
  it('answers 503 once the embedded store has failed for good, and not before', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kettle-health-'));
    const database = await openPglite(dir, { heapLimitMb: 128 });
    const app = Fastify();
    app.decorate('ctx', { database } as unknown as AppContext);
    await app.register(healthRoutes);
    const liveness = () => app.inject({ method: 'GET', url: '/api/health' });
    try {
      expect((await liveness()).statusCode).toBe(200);
      // The control file gone, as on a lost disk; then a statement whose rows pass the thread's heap
      // ends the thread, and a new one cannot open the store.
      rmSync(join(dir, 'pglite', 'global', 'pg_control'));
      const tooBig = sql`select repeat('x', 1000000) as s from generate_series(1, 400)`;
      await expect(database.db.execute(tooBig)).rejects.toThrow();
      await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
      const res = await liveness();
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: UNAVAILABLE });
    } finally {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
