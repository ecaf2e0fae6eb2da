/**
 * List and search latency of GET /api/v1/posts/ (docs/performance.md, goals P4 and P5).
 *
 * Run from the repository root (`npm run bench` runs it per engine, with --json, as one of its parts):
 *   npm run bench:latency -- --db pglite --posts 20000
 *   npm run bench:latency -- --db postgres --posts 200000 --rounds 2 --requests 200
 *   (postgres: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 *    database kettle_bench_<random> is created and always dropped at the end)
 *
 * What it measures: K sequential `app.inject` GETs per scenario through the real route (auth hook,
 * validation, query, presenter, serialization), no network. GET /api/health through inject is printed
 * as the bare framework baseline of the same run, because absolute figures drift between machines.
 * With --explain it first prints the plans of the search statements.
 * It prints median, p95 and p99 per scenario and p95 / 20 ms (the goal). It never fails on a time:
 * no test asserts a latency; it exits 0 unless the setup or a request itself fails.
 * With --json FILE it also writes every round's figures there (and the tables beside it, FILE.md).
 * With --unmaintained nothing runs VACUUM or ANALYZE by hand after seeding: on PGlite, which has no
 * autovacuum, what a real store has is then its own upkeep (db/pglite-upkeep.js).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_LIST_SKIP, postListQuerySchema } from '@kettle/shared';
import { desc } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { posts } from '../apps/api/src/db/schema.js';
import {
  publicListWhere,
  searchCandidates,
  searchScope,
  slicedSearch,
} from '../apps/api/src/modules/posts/search/search.js';
import { slicedSearchStatement } from '../apps/api/src/modules/posts/search/search-slices.js';
import type { Viewer } from '../apps/api/src/modules/posts/access/rule.js';
import {
  ABSENT_WORD,
  COMMON_WORD,
  FREQUENT_WORD,
  PENDING_ONLY,
  PENDING_WORD,
  RARE_WORD,
  seed,
  SHORT_ABSENT,
  SHORT_WORD,
  sparseOldTerm,
  type Target,
} from './lib/dataset/index.js';
import { engineOption, positiveInt, runBench, withServedApp } from './lib/served-app.js';
import { percentile } from './lib/percentile.js';

const GOAL_MS = 20;
const UNLOCKS = 50;

type Options = {
  posts: number;
  db: 'pglite' | 'postgres';
  rounds: number;
  requests: number;
  explain: boolean;
  json: string | undefined;
  unmaintained: boolean;
};

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'pglite' },
      rounds: { type: 'string', default: '2' },
      requests: { type: 'string', default: '200' },
      explain: { type: 'boolean', default: false },
      json: { type: 'string' },
      unmaintained: { type: 'boolean', default: false },
    },
  });
  return {
    posts: positiveInt('posts', values.posts),
    db: engineOption(values.db),
    rounds: positiveInt('rounds', values.rounds),
    requests: positiveInt('requests', values.requests),
    explain: values.explain,
    json: values.json,
    unmaintained: values.unmaintained,
  };
}

/**
 * A reader who unlocked a few recent posts (their search also reads those posts' content) and an
 * admin (whose search reads every post's content).
 */
async function readerWithUnlocks(
  target: Target,
  unlocks: number,
  maintained: boolean,
): Promise<{ readerId: string; adminId: string }> {
  const [reader] = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash) values ('bench_reader', 'reader@kettle.local', 'x') returning id`,
  );
  const [admin] = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash, is_admin) values ('bench_admin', 'admin@kettle.local', 'x', true) returning id`,
  );
  if (!reader || !admin) throw new Error('reader or admin not created');
  await target.run(`
    insert into post_unlocks (user_id, post_id, price_paid)
    select '${reader.id}', id, 0 from posts where status = 'approved' order by created_at desc limit ${unlocks}`);
  if (maintained) await target.run('analyze post_unlocks');
  return { readerId: reader.id, adminId: admin.id };
}

/**
 * `--explain`: the plans of a search's statements, built by the app's own functions (the slices'
 * statement where they serve the search; otherwise the matches gathered up to the cap, and the
 * newest-first walk used only past it), so a sequential scan or a walk over created_at shows up
 * here rather than in production.
 */
async function explainSearch(app: FastifyInstance, target: Target, term: string, viewer: Viewer): Promise<void> {
  const { db } = app.ctx;
  const query = postListQuerySchema.parse({ search: term, limit: '9' });
  const scope = await searchScope(db, viewer, query);
  const where = publicListWhere(query, scope);
  const sliced = slicedSearch(query, scope);
  const walk = db.select().from(posts).where(where).orderBy(desc(posts.createdAt), desc(posts.id)).limit(9);
  const dialect = new PgDialect();
  const statements = sliced
    ? [
        ['slices', dialect.sqlToQuery(slicedSearchStatement(sliced, query))],
        ['slices, deepest page', dialect.sqlToQuery(slicedSearchStatement(sliced, { ...query, skip: MAX_LIST_SKIP }))],
      ]
    : [
        ['candidates', searchCandidates(db, where, query).toSQL()],
        ['walk past the cap', walk.toSQL()],
        ['walk past the cap, deepest page', walk.offset(MAX_LIST_SKIP).toSQL()],
      ];
  for (const [what, statement] of statements as Array<[string, { sql: string; params: unknown[] }]>) {
    const plan = await target.rows<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${statement.sql}`, [
      ...statement.params,
    ]);
    console.log(`\n--- ${what} of "${term}" as ${viewer ? (viewer.isAdmin ? 'admin' : 'reader') : 'visitor'}`);
    for (const line of plan) console.log(line['QUERY PLAN']);
  }
}

/** P4: a search; P5: a page of a list (browse, filters, the deepest page `skip` allows). */
type Scenario = { name: string; url: string; goal?: 'P4' | 'P5'; headers?: Record<string, string> };
type Row = { name: string; goal?: 'P4' | 'P5'; times: number[] };

async function timeScenario(app: FastifyInstance, scenario: Scenario, k: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < k; i++) {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url: scenario.url, headers: scenario.headers });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.statusCode !== 200)
      throw new Error(`${scenario.name}: ${scenario.url} answered ${res.statusCode} ${res.body}`);
  }
  return times.sort((a, b) => a - b);
}

/** The round's table, printed and returned for the --json file's Markdown. */
function printTable(title: string, rows: Row[]): string[] {
  const out: string[] = ['', `### ${title}`, ''];
  const header = ['scenario', 'median ms', 'p95 ms', 'p99 ms', 'p95/20ms'];
  const lines = rows.map(({ name, times }) => {
    const p95 = percentile(times, 95);
    return [
      name,
      percentile(times, 50).toFixed(2),
      p95.toFixed(2),
      percentile(times, 99).toFixed(2),
      (p95 / GOAL_MS).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  out.push(fmt(header));
  out.push(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) out.push(fmt(l));
  console.log(out.join('\n'));
  return out;
}

/** `--json FILE`: every round's percentiles, for `npm run bench` to fold into its table. */
function writeJson(file: string, options: Options, rounds: Array<{ round: number; rows: Row[] }>, md: string[]): void {
  const path = resolve(file);
  const figures = (times: number[]) => ({
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  });
  const data = {
    date: new Date().toISOString(),
    db: options.db,
    posts: options.posts,
    requests: options.requests,
    goalMs: GOAL_MS,
    rounds: rounds.map(({ round, rows }) => ({
      round,
      rows: rows.map(({ name, goal, times }) => ({ name, goal, ...figures(times) })),
    })),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(path.replace(/\.json$/, '') + '.md', `${md.join('\n')}\n`);
  console.log(`written to ${path} and .md`);
}

async function main(): Promise<void> {
  const options = readOptions();
  console.log(
    `Kettle list latency: db=${options.db} posts=${options.posts} rounds=${options.rounds} requests=${options.requests}` +
      (options.unmaintained ? ' (unmaintained: no VACUUM or ANALYZE by hand)' : ''),
  );
  await withServedApp(options.db, async ({ app, target }) => {
    const t0 = Date.now();
    const authorId = await seed(target, options.posts, { maintained: !options.unmaintained });
    console.log(`seeding${options.unmaintained ? '' : ' and analyze'} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const [category] = await target.rows<{ name: string }>('select name from categories order by name limit 1');
    const [state] = await target.rows<{ code: string }>('select code from states order by code limit 1');
    if (!category || !state) throw new Error('reference data missing');
    const token = await app.ctx.tokens.signAccess({ sub: authorId, admin: false });
    const reader = await readerWithUnlocks(target, UNLOCKS, !options.unmaintained);
    const readerToken = await app.ctx.tokens.signAccess({ sub: reader.readerId, admin: false });
    const adminToken = await app.ctx.tokens.signAccess({ sub: reader.adminId, admin: true });
    const asReader = { authorization: `Bearer ${readerToken}` };
    const asAdmin = { authorization: `Bearer ${adminToken}` };
    const q = (params: Record<string, string>) => `/api/v1/posts/?${new URLSearchParams(params).toString()}`;
    const search = (term: string) => q({ search: term, limit: '9' });
    const deepSearch = (term: string) => q({ search: term, skip: String(MAX_LIST_SKIP), limit: '9' });
    const sparse = sparseOldTerm(options.posts);
    const reader50 = `reader (${UNLOCKS} unlocks)`;
    // The issue's terms by name: common, rare, absent, short, frequent, @handle (lib/dataset.ts).
    const scenarios: Scenario[] = [
      { name: 'browse page 1', url: q({ limit: '9' }), goal: 'P5' },
      { name: `category "${category.name}"`, url: q({ category: category.name, limit: '9' }), goal: 'P5' },
      {
        name: `category + state ${state.code}`,
        url: q({ category: category.name, state: state.code, limit: '9' }),
        goal: 'P5',
      },
      { name: `search common "${COMMON_WORD}"`, url: search(COMMON_WORD), goal: 'P4' },
      { name: `search frequent, approved "${FREQUENT_WORD}" (30% of teas)`, url: search(FREQUENT_WORD), goal: 'P4' },
      {
        name: `search frequent, approved "${FREQUENT_WORD}" page 2`,
        url: q({ search: FREQUENT_WORD, skip: '9', limit: '9' }),
        goal: 'P4',
      },
      { name: `search rare "${RARE_WORD}"`, url: search(RARE_WORD), goal: 'P4' },
      { name: `search absent "${ABSENT_WORD}"`, url: search(ABSENT_WORD), goal: 'P4' },
      { name: `search short "${SHORT_WORD}"`, url: search(SHORT_WORD), goal: 'P4' },
      { name: `search short absent "${SHORT_ABSENT}"`, url: search(SHORT_ABSENT), goal: 'P4' },
      { name: `search frequent "${PENDING_WORD}" (also a category word)`, url: search(PENDING_WORD), goal: 'P4' },
      { name: `search pending-only "${PENDING_ONLY}"`, url: search(PENDING_ONLY), goal: 'P4' },
      { name: 'search @handle "@user_42"', url: search('@user_42'), goal: 'P4' },
      { name: `search sparse, old "${sparse}"`, url: search(sparse), goal: 'P4' },
      // The deepest page a list reaches: `skip` stops at MAX_LIST_SKIP (P5).
      { name: `deep page skip=${MAX_LIST_SKIP}`, url: q({ skip: String(MAX_LIST_SKIP), limit: '9' }), goal: 'P5' },
      {
        name: `deep category page skip=${MAX_LIST_SKIP}`,
        url: q({ category: category.name, skip: String(MAX_LIST_SKIP), limit: '9' }),
        goal: 'P5',
      },
      // A search's deepest page: past the count cap, its 1,009 newest matches.
      { name: `deep search "${COMMON_WORD}" skip=${MAX_LIST_SKIP}`, url: deepSearch(COMMON_WORD), goal: 'P5' },
      { name: `deep search "${sparse}" skip=${MAX_LIST_SKIP}`, url: deepSearch(sparse), goal: 'P5' },
      {
        name: 'signed-in browse',
        url: q({ limit: '9' }),
        headers: { authorization: `Bearer ${token}` },
        goal: 'P5',
      },
      { name: 'search category word "Diaries"', url: search('Diaries'), goal: 'P4' },
      { name: `${reader50} "${COMMON_WORD}"`, url: search(COMMON_WORD), headers: asReader, goal: 'P4' },
      { name: `${reader50} "${FREQUENT_WORD}"`, url: search(FREQUENT_WORD), headers: asReader, goal: 'P4' },
      { name: `${reader50} "${RARE_WORD}"`, url: search(RARE_WORD), headers: asReader, goal: 'P4' },
      { name: `${reader50} "${ABSENT_WORD}"`, url: search(ABSENT_WORD), headers: asReader, goal: 'P4' },
      { name: `${reader50} "${PENDING_ONLY}"`, url: search(PENDING_ONLY), headers: asReader, goal: 'P4' },
      { name: `admin "${RARE_WORD}"`, url: search(RARE_WORD), headers: asAdmin, goal: 'P4' },
    ];
    const baseline: Scenario = { name: 'baseline GET /api/health', url: '/api/health' };

    if (options.explain) {
      const asReaderViewer = { id: reader.readerId, isAdmin: false };
      for (const term of [
        COMMON_WORD,
        FREQUENT_WORD,
        RARE_WORD,
        ABSENT_WORD,
        SHORT_WORD,
        SHORT_ABSENT,
        PENDING_WORD,
        PENDING_ONLY,
        '@user_42',
        'Diaries',
        sparse,
      ])
        await explainSearch(app, target, term, null);
      await explainSearch(app, target, RARE_WORD, asReaderViewer);
      await explainSearch(app, target, ABSENT_WORD, asReaderViewer);
      await explainSearch(app, target, RARE_WORD, { id: reader.adminId, isAdmin: true });
    }

    // Warm-up, not counted: JIT, prepared plans, caches.
    for (const s of [baseline, ...scenarios]) await timeScenario(app, s, 5);

    const measured: Array<{ round: number; rows: Row[] }> = [];
    const unmaintained = options.unmaintained ? ', unmaintained (no VACUUM or ANALYZE by hand)' : '';
    const md: string[] = [
      `# List latency: ${options.db}, ${options.posts} posts, ${options.requests} requests each${unmaintained}`,
    ];
    for (let round = 1; round <= options.rounds; round++) {
      const rows: Row[] = [];
      rows.push({ name: baseline.name, times: await timeScenario(app, baseline, options.requests) });
      for (const s of scenarios)
        rows.push({ name: s.name, goal: s.goal, times: await timeScenario(app, s, options.requests) });
      md.push(
        ...printTable(
          `Round ${round} (${options.db}, ${options.posts} posts, ${options.requests} requests each)`,
          rows,
        ),
      );
      measured.push({ round, rows });
    }
    if (options.json) writeJson(options.json, options, measured, md);
  });
}

runBench(main);
