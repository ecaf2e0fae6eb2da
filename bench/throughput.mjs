#!/usr/bin/env node
// `npm run bench:load`: requests per second of Kettle's read paths under load (anonymous, and a
// signed-in list), beside a bare Fastify hello route measured in the same run (performance.md P1,
// P2, P3: the goals are ratios, because absolute figures drift between machines and with whatever
// else the machine runs).
//
// The production build on the embedded default with its demo community (scripts/lib/built-server.mjs);
// autocannon on the same cores, `-c 50 -d 10` by default. Not part of `npm test`: it never fails on
// a time. Options: --rounds N (2), --duration S (10), --connections C (50), --label NAME.
// Writes bench/results/throughput-<date>[-label].{json,md}.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import { freePort, startBuiltServer } from '../scripts/lib/built-server.mjs';
import { heading, ROOT, runBuild, SERVER_ENTRY, WEB_INDEX } from '../scripts/lib/run.mjs';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    label: { type: 'string' },
  },
});
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);

/** A bare Fastify answering `{"hello":"world"}`: the framework's own ceiling on these cores. */
const HELLO = `
const app = require('fastify')();
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', HELLO], { cwd: ROOT, env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
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

heading('Starting the built server and the hello baseline');
const server = await startBuiltServer();
const hello = await startHello();
const rows = [];
try {
  const list = await (await fetch(`${server.origin}/api/v1/posts/?skip=0&limit=9`)).json();
  const [post] = list.data;
  // A demo reader (README's demo table) for the signed-in list.
  const signIn = await fetch(`${server.origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'ava@kettle.local', password: 'KettleDemo1' }).toString(),
  });
  const { access_token: token } = await signIn.json();
  const scenarios = [
    { name: 'front page: index.html with its first view', url: `${server.origin}/` },
    { name: 'anonymous front page list (P2)', url: `${server.origin}/api/v1/posts/?skip=0&limit=9`, goal: 0.5 },
    {
      name: 'the same, as a browser asks (br, gzip)',
      url: `${server.origin}/api/v1/posts/?skip=0&limit=9`,
      headers: { 'accept-encoding': 'br, gzip' },
    },
    {
      name: 'anonymous category page (P1)',
      url: `${server.origin}/api/v1/posts/?skip=0&limit=9&category_id=${post.category.id}`,
      goal: 0.9,
    },
    { name: 'anonymous post detail', url: `${server.origin}/api/v1/posts/${post.id}` },
    {
      name: 'signed-in front page list (P3)',
      url: `${server.origin}/api/v1/posts/?skip=0&limit=9`,
      headers: { authorization: `Bearer ${token}` },
    },
  ];
  for (let round = 1; round <= rounds; round += 1) {
    process.stdout.write(`Round ${round}: hello...\n`);
    const baseline = await load(hello.url);
    rows.push({ round, name: 'Fastify hello (baseline)', ...baseline, ratio: 1 });
    for (const scenario of scenarios) {
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      const figures = await load(scenario.url, scenario.headers);
      rows.push({ round, name: scenario.name, ...figures, ratio: figures.rps / baseline.rps, goal: scenario.goal });
    }
  }
} finally {
  hello.stop();
  await server.stop();
}

const date = new Date().toISOString();
const lines = [
  `# Throughput ${date}${options.label ? ` (${options.label})` : ''}`,
  '',
  `autocannon -c ${connections} -d ${duration} on the same 2 cores; the production build, embedded PGlite, demo community. Ratio = req/s ÷ the hello baseline of the same round.`,
  '',
  '| round | scenario | req/s | p50 ms | p99 ms | errors | ratio | goal |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio.toFixed(3)} | ${r.goal ? `≥ ${r.goal}` : ''} |`,
  ),
];
const outDir = path.join(ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const base = `throughput-${date.slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
const pretty = async (file, text) => prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
const mdFile = path.join(outDir, `${base}.md`);
const jsonFile = path.join(outDir, `${base}.json`);
writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify({ date, connections, duration, rows })));
process.stdout.write(`\n${lines.join('\n')}\n\nWritten to bench/results/${base}.json and .md\n`);
