import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Counter } from 'prom-client';
import type { Metrics } from './metrics.js';

/**
 * Visitors' cached pages answered by the HTTP server before Fastify sees the request
 * (docs/performance.md P2). A page the page cache already holds still cost a request its routing,
 * hooks, query validation and logger: about four times what sending its bytes costs. Here each
 * answer Fastify gave from the page cache is kept as it went out (status, headers, bytes) under
 * the exact request line and the headers that shape it, and sent again as it is while the page
 * cache still holds the page it was made from, current, and the page's lifetime lasts. So it is
 * never staler than the page cache itself, and any change a visitor could see ends it at once.
 */
export type HotPage = {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The page cache's entry the answer was made from: its key and which keeping of it. */
  pageKey: string;
  serial: number;
  /** The page cache's `changes()` when that entry was last found current. */
  checked: number;
  /** The route's pattern, for the request metrics. */
  route: string;
};

export type HotPages = {
  /** The HTTP server Fastify runs on (its `serverFactory`): kept pages first, Fastify otherwise. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** The key a request's answer is kept under, or null when no kept answer may serve it. */
  keyOf: (request: IncomingMessage) => string | null;
  /** Keeps an answer Fastify is sending from the page cache, for at most `ttlMs`. */
  keep: (key: string, page: HotPage, ttlMs: number) => void;
  /** Wires what answering needs, once the app's context exists. */
  attach: (deps: HotPageDeps) => void;
  close: () => void;
};

/** Answers of one route's kept pages since start, and how many the summary lines have told. */
type RouteTally = { route: string; served: number; logged: number };

export type HotPageDeps = {
  /** The page cache's `changes()`: while it stays the same, a kept page needs no second look. */
  changes: () => number;
  /** The page cache's `holds`: a kept page whose entry is gone or stale is never sent. */
  holds: (key: string, serial: number) => boolean;
  log: FastifyBaseLogger;
  metrics: Metrics;
  trustProxy: boolean;
};

/**
 * A kept page is the same public page for everyone who asks, so its answers are logged as a count
 * per route every 10 s, each one only at debug: a line per answer cost a third of one
 * (docs/performance.md P2), and an anonymous site has no need to keep which address read which page.
 */
const SUMMARY_EVERY_MS = 10_000;
const DETAILED_LEVELS = new Set(['debug', 'trace']);

/** Answers kept per server, and their bytes (a compressed page is ~2 KB, a plain one ~10 KB). */
const MAX_PAGES = 4_000;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The client's address as Fastify's request.ip gives it: with TRUST_PROXY on (every proxy
 * trusted) that is the first address of X-Forwarded-For.
 */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return first || request.socket.remoteAddress;
}

export function createHotPages(): HotPages {
  const kept = new LRUCache<string, HotPage & { tally: RouteTally }>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => Math.max(1, page.body.length),
  });
  let deps: HotPageDeps | undefined;
  // Answers per route, counted on the page itself (no lookup per answer), read by the metrics at
  // scrape time and by the summary line.
  const tallies = new Map<string, RouteTally>();
  const tallyOf = (route: string): RouteTally => {
    let tally = tallies.get(route);
    if (!tally) {
      tally = { route, served: 0, logged: 0 };
      tallies.set(route, tally);
    }
    return tally;
  };
  let summaries: NodeJS.Timeout | undefined;

  /** True when the request was answered here. */
  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!deps || kept.size === 0) return false;
    const key = keyOf(request);
    const page = key === null ? undefined : kept.get(key);
    if (!page) return false;
    const changes = deps.changes();
    if (page.checked !== changes) {
      if (!deps.holds(page.pageKey, page.serial)) {
        kept.delete(key ?? '');
        return false;
      }
      page.checked = changes;
    }
    const started = performance.now();
    response.writeHead(200, page.headers);
    response.end(page.body);
    page.tally.served += 1;
    if (DETAILED_LEVELS.has(deps.log.level)) {
      deps.log.debug(
        {
          reqId: randomUUID(),
          req: { method: 'GET', url: request.url, ip: clientAddress(request, deps.trustProxy) },
          res: { statusCode: 200 },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }

  function keyOf(request: IncomingMessage): string | null {
    const { headers } = request;
    // A token, even a bad one, is Fastify's to judge; the compression opt-out is the plugin's.
    if (request.method !== 'GET' || headers.authorization !== undefined || headers['x-no-compression'] !== undefined)
      return null;
    // What else shapes the answer: the encoding negotiated and the CORS origin.
    return `${request.url ?? ''}\n${headers['accept-encoding'] ?? ''}\n${headers.origin ?? ''}`;
  }

  return {
    keyOf,
    keep: (key, page, ttlMs) => {
      if (deps && ttlMs > 0) kept.set(key, { ...page, tally: tallyOf(page.route) }, { ttl: ttlMs });
    },
    attach: (given) => {
      deps = given;
      new Counter({
        name: 'kettle_hot_pages_served_total',
        help: "Visitors' cached pages answered before routing, as they were last sent.",
        registers: [given.metrics.registry],
        collect() {
          this.reset();
          this.inc([...tallies.values()].reduce((sum, tally) => sum + tally.served, 0));
        },
      });
      given.metrics.countAnswered(() => tallies.values());
      summaries = setInterval(() => {
        const served = [...tallies.values()].filter((tally) => tally.served > tally.logged);
        if (served.length === 0) return;
        given.log.info(
          { served: Object.fromEntries(served.map((tally) => [tally.route, tally.served - tally.logged])) },
          'kept pages served',
        );
        for (const tally of served) tally.logged = tally.served;
      }, SUMMARY_EVERY_MS);
      summaries.unref();
    },
    close: () => clearInterval(summaries),
    serverFactory: (handler, given): Server => {
      const options = given as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
      const server = createServer((request, response) => {
        if (!answer(request, response)) handler(request, response);
      });
      // What Fastify sets on the server it makes itself (serverFactory skips it).
      server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
  };
}
