/**
 * Every number of the resilience suite (`npm run test:resilience`), in one place, as the design's
 * reliability plan asks. The whole suite must finish within 20 minutes on a 2-core machine: the
 * counts below are sized for that. RESILIENCE_SCALE (a fraction, default 1) shrinks the counts for a
 * quick local run; CI always runs them whole.
 */
const scale = Math.min(1, Math.max(0.05, Number(process.env.RESILIENCE_SCALE ?? 1) || 1));
const scaled = (count: number) => Math.max(1, Math.round(count * scale));

export const RESILIENCE = {
  /** X1: kill -9 of the server at a random moment of mixed load, then a restart and the checks. */
  crash: {
    killsPerEngine: scaled(20),
    /** Approved teas to spend on: enough that unlocks and votes go on through the last kill. */
    teas: 1_000,
    /** The kill falls at a random moment in this window after the load starts (ms). */
    killAfterMs: { min: 1_000, max: 4_000 },
    /** Concurrent clients of the mixed load (spends, submissions with images, comments, purchases). */
    clients: 8,
    /** How long a restarted server may take to answer /api/ready. */
    restartTimeoutMs: 60_000,
  },
  /** X3: PostgreSQL, Redis or SMTP stopped under load, then started again. */
  outages: {
    /** A request during an outage answers within this (503 with the generic message, never a hang). */
    failFastMs: 5_000,
    /** Service is back within this of the dependency's return. */
    recoverWithinMs: 10_000,
    /** How long each dependency stays down while load runs. */
    downForMs: 4_000,
    clients: 6,
    /** Mail queued while SMTP was down goes out within this (the outbox is retried every 30 s). */
    mailDeliveredWithinMs: 45_000,
  },
  /**
   * R2/P7: many live streams on one post in one server process. deliveryP99Ms and kbPerViewer are
   * P7's goals (issue 13), reported, not asserted; kbPerViewerCeiling only catches a leak-sized
   * regression.
   */
  sse: {
    viewers: scaled(10_000),
    events: 5,
    deliveryP99Ms: 400,
    kbPerViewer: 12,
    kbPerViewerCeiling: 64,
    /** The bench's whole run (seeding 10,000 viewers, opening their streams, 5 comments). */
    runTimeoutMs: 480_000,
  },
  /**
   * X5: slow clients that trickle headers must not starve normal ones. Node's HTTP server drops them
   * with a 408 (requestTimeout 30 s from app.ts; headersTimeout is Node's default, 60 s), checking
   * every 30 s: a slow socket lives 30 to 60 s (~60 s measured), so the attack lasts until all are
   * dropped, at most dropWithinMs.
   */
  slowloris: {
    connections: 200,
    byteEveryMs: 2_000,
    /** Normal clients fetching /api/v1/posts one request after another, each. */
    normalClients: 4,
    normalP99Ms: 500,
    dropWithinMs: 75_000,
  },
  /**
   * W1: sqlmap against every list, search and filter parameter, anonymous and signed in. The plan's
   * level 3 / risk 2 (every technique, BEUSTQ) goes to the free-text parameters, the ones that reach
   * a query as text (search, category and state names); the typed ones (uuids, enums, integers),
   * which the route's schema refuses with a 422 before any query when they are not what they should
   * be, get level 1 / risk 1. Level 3 everywhere took ~13 s per parameter on the shared 2-core
   * machine, 53 parameters, over 11 minutes; the tiers fit the file in ~3. Only query parameters:
   * no query reads User-Agent or Referer, which level 3 would also try on every URL.
   */
  sqlmap: {
    textParams: ['search', 'category', 'state'],
    text: { level: 3, risk: 2 },
    typed: { level: 1, risk: 1 },
    technique: 'BEUSTQ',
    threads: 4,
    /** sqlmap processes at a time: sqlmap's Python, not the server, is the bottleneck. */
    parallel: 2,
    /** Bound of each sqlmap run (`timeout`), and of all the runs together (the test's timeout, plus a minute). */
    timeoutSeconds: 180,
    totalSeconds: 300,
    /**
     * Every GET with list, search or filter parameters, as visitor, signed-in user or admin. CATEGORY
     * and STATE stand for real ids (a uuid parameter refuses anything else before any query).
     */
    targets: [
      {
        as: 'visitor',
        path: '/posts/?search=tea&category=Drama&state=CA&category_id=CATEGORY&state_id=STATE&skip=0&limit=10',
      },
      {
        as: 'user',
        path: '/posts/?search=tea&category=Drama&state=CA&category_id=CATEGORY&state_id=STATE&skip=0&limit=10',
      },
      { as: 'user', path: '/posts/me?search=tea&status=approved&category_id=CATEGORY&state_id=STATE&skip=0&limit=10' },
      { as: 'user', path: '/notifications/?skip=0&limit=10' },
      { as: 'user', path: '/payments/transactions?skip=0&limit=10' },
      { as: 'user', path: '/coins/ledger?skip=0&limit=10' },
      { as: 'user', path: '/reports/me?status=pending&skip=0&limit=10' },
      { as: 'user', path: '/appeals/mine?page=1' },
      { as: 'user', path: '/payments/subscription/history?skip=0&limit=12' },
      { as: 'admin', path: '/company/all?skip=0&limit=20' },
      {
        as: 'admin',
        path: '/posts/admin/all?search=tea&status=pending&order=oldest&category_id=CATEGORY&state_id=STATE&skip=0&limit=10',
      },
      { as: 'admin', path: '/users/admin/all?search=ava&skip=0&limit=10' },
      { as: 'admin', path: '/admin/companies?search=tea&verified=true&skip=0&limit=20' },
      { as: 'admin', path: '/posts/admin/reports/?status=pending&skip=0&limit=10' },
      { as: 'admin', path: '/admin/appeals?status=pending&page=1' },
    ],
    /** Raised for this server only: sqlmap sends thousands of searches a minute from one address. */
    serverEnv: { SEARCH_LIMIT_PER_MINUTE: '100000000' },
  },
} as const;
