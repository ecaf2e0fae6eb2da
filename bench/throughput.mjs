#!/usr/bin/env node
// `npm run bench:load`: requests per second of Kettle's read paths under load (anonymous, and a
// signed-in list), beside baselines measured in the same run (performance.md P1, P2, P3: the goals
// are ratios, because absolute figures drift between machines and with whatever else the machine
// runs): a bare Fastify hello route, and on PostgreSQL a bare route running the first-page
// statement prepared (bench/lib/baselines.mjs).
//
// The production build with its demo community: on the embedded default (`--db pglite`), or on a
// fresh PostgreSQL database grown to `--posts` teas (`--db postgres`; BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; the database is dropped at the end). autocannon on
// the same cores, `-c 50 -d 10` by default. Not part of `npm test`: it never fails on a time.
// Options: --db, --posts N (100000), --rounds N (2), --duration S (10), --connections C (50),
// --label NAME. Writes bench/results/throughput-<date>[-label].{json,md,svg}.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { heading, ROOT, runBuild, SERVER_ENTRY, WEB_INDEX } from '../scripts/lib/run.mjs';
import { startHello, startPageRoute } from './lib/baselines.mjs';
import { ratioChart } from './lib/ratio-chart.mjs';
import { seedPosts } from './lib/seed-posts.mjs';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    posts: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    label: { type: 'string' },
  },
});
if (options.db !== 'pglite' && options.db !== 'postgres') throw new Error('--db must be pglite or postgres');
const onPostgres = options.db === 'postgres';
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);
const postCount = Number(options.posts);

/** A fresh database on the machine's PostgreSQL, and how to drop it. */
async function freshDatabase() {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kettle_load_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One autocannon run; a non-2xx answer or an error makes the figure worthless, so it is reported. */
async function load(url, headers = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

if (!existsSync(WEB_INDEX) || !existsSync(SERVER_ENTRY)) {
  heading('Building (no production build yet)');
  if ((await runBuild()) !== 0) process.exit(1);
}

heading(`Starting the built server (${options.db}) and the baselines`);
const database = onPostgres ? await freshDatabase() : null;
const server = await startBuiltServer(
  database ? { env: { DATABASE_URL: database.url, SEED_DEMO_USERS: 'true', SEED_DEMO_CONTENT: 'true' } } : {},
);
const hello = await startHello();
let pageRoute = null;
const rows = [];
try {
  if (database) {
    await seedPosts(database.url, postCount);
    pageRoute = await startPageRoute(database.url);
  }
  const list = await (await fetch(`${server.origin}/api/v1/posts/?skip=0&limit=9`)).json();
  const [post] = list.data;
  // A demo reader (README's demo table) for the signed-in list.
  const signIn = await fetch(`${server.origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'ava@kettle.local', password: 'KettleDemo1' }).toString(),
  });
  const { access_token: token } = await signIn.json();
  const page = pageRoute ? 'page route' : 'hello';
  const firstPage = `${server.origin}/api/v1/posts/?skip=0&limit=9`;
  const scenarios = [
    { name: 'front page: index.html with its first view', url: `${server.origin}/`, baseline: 'hello' },
    { name: 'anonymous front page list (P2)', url: firstPage, baseline: 'hello', goal: 0.5 },
    {
      name: 'the same, as a browser asks (br, gzip)',
      url: firstPage,
      baseline: 'hello',
      headers: { 'accept-encoding': 'br, gzip' },
    },
    {
      name: 'anonymous category page (P1)',
      url: `${firstPage}&category_id=${post.category.id}`,
      baseline: page,
      goal: pageRoute ? 0.9 : undefined,
    },
    { name: 'anonymous post detail', url: `${server.origin}/api/v1/posts/${post.id}`, baseline: 'hello' },
    {
      name: 'signed-in front page list (P3)',
      url: firstPage,
      baseline: page,
      goal: pageRoute ? 0.8 : undefined,
      headers: { authorization: `Bearer ${token}` },
    },
  ];
  for (let round = 1; round <= rounds; round += 1) {
    const baselines = { hello: await load(hello.url) };
    rows.push({ round, name: 'Fastify hello (baseline)', isBaseline: true, ...baselines.hello, ratio: 1 });
    if (pageRoute) {
      baselines['page route'] = await load(pageRoute.url);
      rows.push({
        round,
        name: 'prepared page route (baseline)',
        isBaseline: true,
        ...baselines['page route'],
        ratio: 1,
      });
    }
    for (const scenario of scenarios) {
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      const figures = await load(scenario.url, scenario.headers);
      const base = baselines[scenario.baseline];
      rows.push({
        round,
        name: scenario.name,
        baseline: scenario.baseline,
        ...figures,
        ratio: figures.rps / base.rps,
        p99Ratio: figures.p99 / Math.max(1, base.p99),
        goal: scenario.goal,
      });
    }
  }
} finally {
  hello.stop();
  pageRoute?.stop();
  await server.stop();
  await database?.drop();
}

const date = new Date().toISOString();
const base = `throughput-${date.slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
const lines = [
  `# Throughput ${date}${options.label ? ` (${options.label})` : ''}`,
  '',
  `autocannon -c ${connections} -d ${duration} on the same cores; the production build with its demo community, ${onPostgres ? `PostgreSQL with ${postCount} more teas` : 'embedded PGlite'}. Ratio = req/s ÷ the named baseline's req/s in the same round.`,
  '',
  '| round | scenario | req/s | p50 ms | p99 ms | errors | baseline | ratio | goal | held |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.baseline ?? ''} | ${r.ratio.toFixed(3)} | ${r.goal ? `≥ ${r.goal}` : ''} | ${r.goal ? (r.ratio >= r.goal ? 'yes' : 'no') : ''} |`,
  ),
  '',
  `![ratio per scenario](${base}.svg)`,
];
const outDir = path.join(ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, `${base}.svg`),
  ratioChart(rows, `Kettle ÷ baseline, ${options.db} (${date.slice(0, 10)})`),
);
const pretty = async (file, text) => prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
const mdFile = path.join(outDir, `${base}.md`);
const jsonFile = path.join(outDir, `${base}.json`);
writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
writeFileSync(
  jsonFile,
  await pretty(
    jsonFile,
    JSON.stringify({ date, db: options.db, posts: onPostgres ? postCount : null, connections, duration, rows }),
  ),
);
process.stdout.write(`\n${lines.join('\n')}\n\nWritten to bench/results/${base}.json, .md and .svg\n`);
