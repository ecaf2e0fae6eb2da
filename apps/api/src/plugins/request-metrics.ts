import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A live stream: its viewer leaving is how it ends, not a request left unanswered. */
    liveStream?: boolean;
  }
}

/**
 * Counts and times every answered request by its route pattern (`/api/v1/posts/:id`, never the
 * id), so the label set stays as small as the route table. Unmatched addresses share one label.
 * A request whose client left first is counted as 499 and not timed: its work (a spend's statement
 * included) still ran, so a rate of statements or coins per request would be off without it.
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
  // Not onRequestAbort: Node flags a request aborted only while its body is unread, and a spend
  // whose JSON body was read and whose client then left ran its statement all the same.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.liveStream) {
      const res = reply.raw;
      res.once('close', () => {
        if (!res.writableEnded) {
          metrics.countUnanswered(request.method, request.routeOptions.url ?? 'unmatched');
        }
      });
    }
    done();
  });
}
