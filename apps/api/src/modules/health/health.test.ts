import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
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
