import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * Tea Coins written to the ledger, by direction. Module-level because the ledger is written
 * through a bare database handle with no context at hand; each app's registry adopts it. A row of
 * a transaction that later rolls back (a lost race after the spend) is counted too: rare enough
 * for a rate, and the ledger itself stays the record.
 */
export const coinsLedgerTotal = new Counter({
  name: 'kettle_coins_ledger_total',
  help: 'Tea Coins written to the ledger: credited, and debited (spends, take-backs, debts settled).',
  labelNames: ['direction'] as const,
  registers: [],
});

export type Metrics = {
  registry: Registry;
  /** One answered request; `route` is the route's pattern, so ids never become label values. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** A request whose client left before the answer: counted as 499 (as nginx logs it), not timed. */
  countUnanswered: (method: string, route: string) => void;
  /**
   * Answers given outside Fastify (lib/hot-pages.ts: GET, 200), read at scrape time into the
   * request count as cumulative counts per route; the duration histogram leaves them out.
   */
  countAnswered: (read: () => Iterable<{ route: string; served: number }>) => void;
  /** Where the count of open live streams is read at scrape time (the realtime module owns them). */
  readStreams: (read: () => number) => void;
  /** One slice of an event's fan-out to this process's viewers: how long it held the event loop. */
  observeBroadcast: (seconds: number) => void;
};

/** What nginx logs for a request whose client closed the connection before the answer. */
const CLIENT_CLOSED_REQUEST = '499';

const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One registry per app, so test files that build several apps never share or clash. */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  // Process and runtime figures, event-loop lag (nodejs_eventloop_lag_*) among them.
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(coinsLedgerTotal);

  let answeredElsewhere: () => Iterable<{ route: string; served: number }> = () => [];
  const countedElsewhere = new Map<string, number>();
  const requests = new Counter({
    name: 'kettle_http_requests_total',
    help: 'HTTP requests by method, route pattern and status (499: the client left before the answer).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      for (const { route, served } of answeredElsewhere()) {
        const since = served - (countedElsewhere.get(route) ?? 0);
        if (since > 0) this.inc({ method: 'GET', route, status: '200' }, since);
        countedElsewhere.set(route, served);
      }
    },
  });
  const duration = new Histogram({
    name: 'kettle_http_request_duration_seconds',
    help: 'Time from request to response by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: 'kettle_db_queries_total',
    help: 'SQL statements sent through the ORM since start.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.stats().queries);
    },
  });
  new Gauge({
    name: 'kettle_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on PGlite).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.stats().pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  let streams: () => number = () => 0;
  new Gauge({
    name: 'kettle_sse_streams_open',
    help: 'Open live-update streams (server-sent events).',
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });

  const broadcast = new Histogram({
    name: 'kettle_sse_fanout_slice_seconds',
    help: "Time one slice of a live event's fan-out (up to 1,000 viewers) held the event loop; goal P7: 15 ms.",
    buckets: [0.001, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25],
    registers: [registry],
  });

  return {
    registry,
    observeRequest: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    countUnanswered: (method, route) => {
      requests.inc({ method, route, status: CLIENT_CLOSED_REQUEST });
    },
    countAnswered: (read) => {
      answeredElsewhere = read;
    },
    readStreams: (read) => {
      streams = read;
    },
    observeBroadcast: (seconds) => broadcast.observe(seconds),
  };
}
