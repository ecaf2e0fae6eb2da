// What the server under load says about a scenario, from its own GET /metrics (issue 13: the bench
// reads the metrics to explain its figures). Read before and after each scenario over loopback,
// where /metrics answers without a token.

/**
 * The sum of a metric's samples whose labels include `labels` (text as written, e.g.
 * 'result="hit"'); 0 when the metric is absent.
 * @param {string} text
 * @param {string} name
 * @param {string} [labels]
 */
export function sampleSum(text, name, labels = '') {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

/**
 * The counters a scenario's figures are read from (their types: server-metrics.d.mts).
 * @param {string} origin the built server, e.g. http://127.0.0.1:4123
 */
export async function readServerMetrics(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const hot = sampleSum(text, 'kettle_hot_pages_served_total');
  return {
    // Kept pages the HTTP server answers itself (hot pages) are in this count too (metrics.ts).
    answers: sampleSum(text, 'kettle_http_requests_total'),
    statements: sampleSum(text, 'kettle_db_queries_total'),
    kept: sampleSum(text, 'kettle_page_cache_requests_total', 'result="hit"'),
    hot,
    // prom-client starts the event-loop delay histogram again after each read: this is since the last one.
    loopP99Ms: sampleSum(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

/** What the server did between two reads of readServerMetrics, per answer. */
export function serverShare(before, after) {
  // The read of /metrics itself is one answer of the span.
  const answers = Math.max(1, after.answers - before.answers - 1);
  const fromCache = after.hot - before.hot + (after.kept - before.kept);
  return {
    statementsPerAnswer: (after.statements - before.statements) / answers,
    keptShare: Math.min(1, fromCache / answers),
    loopP99Ms: after.loopP99Ms,
  };
}

/**
 * One cell: statements sent per answer, the share of answers from kept pages, the event loop's p99.
 * @param {ReturnType<typeof serverShare> | undefined} share
 */
export function serverText(share) {
  if (!share) return '';
  const kept = share.keptShare > 0 ? `; ${Math.round(share.keptShare * 100)}% kept pages` : '';
  return `${share.statementsPerAnswer.toFixed(2)} SQL an answer${kept}; loop p99 ${share.loopP99Ms.toFixed(1)} ms`;
}
