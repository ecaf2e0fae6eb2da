import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';

/** A dependency slower than this to answer counts as failing: readiness must answer fast itself. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'failing';

async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Liveness: the process answers. It never looks at a dependency, so an outage restarts nothing;
  // but the embedded store is no dependency: once it has failed for good, only a restart helps.
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    if (app.ctx.database.failure?.()) {
      return reply.status(503).send({ detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable });
    }
    return { status: 'ok' };
  });

  /**
   * Readiness, naming each configured dependency ('ok' or 'failing', never why). Without the
   * database or Redis the server cannot serve (503); without SMTP it can, as mail waits in the
   * outbox, so it stays ready and says 'degraded'.
   */
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const { database, redis, mailer } = app.ctx;
    const [db, cache, mail] = await Promise.all([
      check(() => database.ping()),
      redis ? check(() => redis.ping()) : null,
      mailer.ping ? check(mailer.ping) : null,
    ]);
    const dependencies = {
      database: db,
      ...(cache ? { redis: cache } : {}),
      ...(mail ? { mail } : {}),
    };
    if (db === 'failing' || cache === 'failing') {
      return reply.status(503).send({ detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable, dependencies });
    }
    return { status: mail === 'failing' ? 'degraded' : 'ok', dependencies };
  });
}
