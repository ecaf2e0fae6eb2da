#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile, default throttling) on `/`, a post page and `/submit`
// against the production build, scores written to bench/results/lighthouse-<date>[-label].{json,md}.
// Goal F2 of docs/performance.md. Not part of `npm test`: a run takes minutes.
//
// Options: --runs N (default 1; the median run by Performance is kept), --label NAME (file suffix),
// --check (exit 1 when a goal is missed), --reports DIR (also keep each run's whole report there,
// to see where the time goes), --only NAME (one page: `/`, `/posts/{id}` or `/submit`).
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';
import { heading, ROOT, runBuild, SERVER_ENTRY, WEB_INDEX } from './lib/run.mjs';

const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_ADMIN = { email: 'admin@kettle.local', password: 'KettleAdmin1' };
/** Goal F2. */
const GOALS = { performance: 95, accessibility: 100, bestPractices: 95, cls: 0.02 };

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    label: { type: 'string' },
    check: { type: 'boolean', default: false },
    reports: { type: 'string' },
    only: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs, 10) || 1);

/**
 * @param {string} origin
 * @param {string} apiPath
 * @param {RequestInit & { token?: string }} [init]
 */
async function api(origin, apiPath, init = {}) {
  const { token, headers, ...rest } = init;
  const response = await fetch(`${origin}/api/v1${apiPath}`, {
    ...rest,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${apiPath} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Signs the demo admin in; makes and approves a tea when none is published, so a post page exists. */
async function prepare(origin) {
  const tokens = await api(origin, '/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }).toString(),
  });
  const token = tokens.access_token;
  let [post] = (await api(origin, '/posts/')).data;
  if (!post) {
    const [category] = (await api(origin, '/categories/')).data;
    const [state] = (await api(origin, '/states/')).data;
    const created = await api(origin, '/posts/', {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'The kettle on Maple Row whistles at midnight',
        content: 'Everyone on Maple Row knows whose kettle sings at midnight, and nobody minds the tune.',
        tagged_handle: '@maple_row_kettle',
        evidence_link: 'https://example.com/maple-row',
        attested: true,
        category_id: category.id,
        state_id: state.id,
        bounty: '0',
      }),
    });
    await api(origin, `/posts/admin/${created.id}/status`, {
      method: 'PUT',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    post = created;
  }
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, postId: post.id };
}

/**
 * Puts the tokens where the web app keeps them (local storage, keys of STORAGE_KEYS), from a
 * plain file of the same origin so no app asset lands in the HTTP cache before the audit.
 */
async function signIn(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(({ accessToken, refreshToken }) => {
      globalThis.localStorage.setItem('accessToken', accessToken);
      globalThis.localStorage.setItem('refreshToken', refreshToken);
    }, session);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium; returns the figures we keep. */
async function audit(url, { origin, session }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (session) await signIn(chrome.port, origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // A signed-in page needs the tokens set above; the HTTP cache is still cold (see signIn).
      disableStorageReset: Boolean(session),
    });
    if (options.reports) {
      mkdirSync(options.reports, { recursive: true });
      const name = new URL(url).pathname.split('/')[1] || 'home';
      writeFileSync(path.join(options.reports, `${name}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const items = audits['resource-summary']?.details?.items ?? [];
    const bytesOf = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const requestsOf = (type) => items.find((item) => item.resourceType === type)?.requestCount ?? 0;
    const score = (category) => Math.round((categories[category]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      jsTransferredKB: Number((bytesOf('script') / 1024).toFixed(1)),
      jsRequests: requestsOf('script'),
      totalTransferredKB: Number((bytesOf('total') / 1024).toFixed(1)),
      failedAudits: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

function misses(r) {
  const out = [];
  if (r.performance < GOALS.performance) out.push(`Performance ${r.performance} < ${GOALS.performance}`);
  if (r.accessibility < GOALS.accessibility) out.push(`Accessibility ${r.accessibility} < ${GOALS.accessibility}`);
  if (r.bestPractices < GOALS.bestPractices) out.push(`Best Practices ${r.bestPractices} < ${GOALS.bestPractices}`);
  if (r.cls > GOALS.cls) out.push(`CLS ${r.cls} > ${GOALS.cls}`);
  return out;
}

function markdown(report) {
  const lines = [
    `# Lighthouse ${report.date}${report.label ? ` (${report.label})` : ''}`,
    '',
    `Mobile, default throttling, Lighthouse ${report.lighthouseVersion}, ${report.runs} run(s) a page (median by Performance), commit ${report.commit}.`,
    'Goal F2: Performance ≥ 95, Accessibility 100, Best Practices ≥ 95, CLS ≤ 0.02.',
    '',
    '| page | Performance | Accessibility | Best Practices | CLS | LCP ms | FCP ms | TBT ms | JS KB (requests) | goal |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of report.pages) {
    const m = misses(p.median);
    const r = p.median;
    lines.push(
      `| ${p.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.cls} | ${r.lcpMs} | ${r.fcpMs} | ${r.tbtMs} | ${r.jsTransferredKB} (${r.jsRequests}) | ${m.length ? `missed: ${m.join('; ')}` : 'met'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function currentCommit() {
  const { execFileSync } = await import('node:child_process');
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

if (!existsSync(WEB_INDEX) || !existsSync(SERVER_ENTRY)) {
  heading('Building (no production build yet)');
  const code = await runBuild();
  if (code !== 0) process.exit(code);
}

heading('Starting the built server');
const server = await startBuiltServer();
let report;
try {
  const session = await prepare(server.origin);
  const pages = [
    { name: '/', url: `${server.origin}/` },
    { name: '/posts/{id}', url: `${server.origin}/posts/${session.postId}` },
    { name: '/submit', url: `${server.origin}/submit`, session },
  ];
  const results = [];
  for (const page of pages.filter((p) => !options.only || p.name === options.only)) {
    const all = [];
    for (let i = 0; i < runs; i += 1) {
      process.stdout.write(`Lighthouse ${page.name} (run ${i + 1}/${runs})...\n`);
      all.push(await audit(page.url, { origin: server.origin, session: page.session }));
    }
    const sorted = [...all].sort((a, b) => a.performance - b.performance);
    results.push({ name: page.name, median: sorted[Math.floor(sorted.length / 2)], runs: all });
  }
  const { createRequire } = await import('node:module');
  const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
  report = {
    date: new Date().toISOString(),
    label: options.label ?? null,
    commit: await currentCommit(),
    lighthouseVersion,
    runs,
    goals: GOALS,
    pages: results,
  };
} finally {
  await server.stop();
}

const outDir = path.join(ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const base = `lighthouse-${report.date.slice(0, 10)}${report.label ? `-${report.label}` : ''}`;
// Written as the repository's Prettier would, so `prettier --check .` stays clean.
const pretty = async (file, text) => prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
const jsonFile = path.join(outDir, `${base}.json`);
writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify(report)));
const md = markdown(report);
const mdFile = path.join(outDir, `${base}.md`);
writeFileSync(mdFile, await pretty(mdFile, md));
process.stdout.write(`\n${md}\nWritten to bench/results/${base}.json and .md\n`);

const missed = report.pages.flatMap((p) => misses(p.median).map((m) => `${p.name}: ${m}`));
if (missed.length > 0) {
  process.stdout.write(`Goal F2 missed:\n  ${missed.join('\n  ')}\n`);
  if (options.check) process.exit(1);
}
