import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where a response holds its request, for the shared 'close' listener. */
const REQUEST = Symbol('kettle.request');

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
  // Callback hooks, as every request passes both: an async one cost each a promise and a microtask.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Not onRequestAbort: Node flags a request aborted only while its body is unread, and a spend
  // whose JSON body was read and whose client then left ran its statement all the same. One
  // listener shared by every response, which finds its request on it: a closure and a once-wrapper
  // a request cost more than the rest of this hook.
  function onClose(this: ServerResponse & { [REQUEST]?: FastifyRequest }): void {
    const request = this[REQUEST];
    if (request && !this.writableEnded) {
      metrics.countUnanswered(request.method, request.routeOptions.url ?? 'unmatched');
    }
  }
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.liveStream) {
      const res = reply.raw as ServerResponse & { [REQUEST]?: FastifyRequest };
      res[REQUEST] = request;
      res.on('close', onClose);
    }
    done();
  });
}
