import type { FastifyInstance } from 'fastify';

/**
 * One access-log line per answered request, with the route's method, redacted url, address,
 * status and time. Fastify's own logging writes two (one on arrival), and with redaction the pair
 * cost about a tenth of a cached page's CPU (performance.md P2); an unanswered request still shows
 * in the request metrics and the error handler's line.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
