import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await app.ctx.database.ping().catch(() => false);
    return ok
      ? { status: 'ok' }
      : reply
          .status(503)
          .send({ detail: 'Service temporarily unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
  });
}
