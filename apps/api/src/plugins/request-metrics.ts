import type { FastifyInstance } from 'fastify';

/**
 * Counts and times every answered request by its route pattern (`/api/v1/posts/:id`, never the
 * id), so the label set stays as small as the route table. Unmatched addresses share one label.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const { metrics } = app.ctx;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
