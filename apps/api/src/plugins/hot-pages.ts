import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { HotPages } from '../lib/hot-pages.js';
import { accessLogger } from './request-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The page-cache entry this request is answered from, when a visitor's page may be kept whole. */
    hotPage: { key: string; page: string } | null;
  }
}

/** Called by a handler sending `page`, the page cache's text at `key`, to a visitor. */
export function offerHotPage(request: FastifyRequest, key: string, page: string): void {
  request.hotPage = { key, page };
}

/**
 * Keeps the answers handlers offer (lib/hot-pages.ts). The copy is taken in an onSend hook added
 * to each route after the compression plugin's, so it is the last to see the answer: the headers
 * every hook set and the bytes as they leave. It is sent only while the page cache still holds
 * that very page, current, and for no longer than the page itself.
 */
export async function registerHotPages(app: FastifyInstance, hot: HotPages): Promise<void> {
  const { pages, metrics } = app.ctx;
  hot.attach({
    changes: pages.changes,
    holds: pages.holds,
    log: accessLogger(app.log),
    metrics,
    trustProxy: app.ctx.config.trustProxy,
  });
  app.addHook('onClose', async () => hot.close());
  app.decorateRequest('hotPage', null);

  const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const offered = request.hotPage;
    if (offered && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const key = hot.keyOf(request.raw);
      // Read together: the page held now is current as of these changes.
      const checked = pages.changes();
      const held = pages.held(offered.key, offered.page);
      if (key !== null && held && held.ms > 0) {
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        hot.keep(
          key,
          {
            headers: { ...(reply.getHeaders() as OutgoingHttpHeaders), 'content-length': body.length },
            body,
            pageKey: offered.key,
            serial: held.serial,
            checked,
            route: request.routeOptions.url ?? 'unmatched',
          },
          held.ms,
        );
      }
    }
    done(null, payload);
  };

  // onRoute hooks run in the order they were added: after compression's, this one is last.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' && !(Array.isArray(route.method) && route.method.includes('GET'))) return;
    const own = route.onSend;
    route.onSend = [...(Array.isArray(own) ? own : own ? [own] : []), keepAnswer];
  });
}
