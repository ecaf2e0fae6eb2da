/**
 * W1: sqlmap (Debian's 1.7.2) against every list, search and filter parameter of the GET routes, as a
 * visitor, a signed-in reader and an admin (RESILIENCE.sqlmap.targets): nothing is injectable. The
 * server is the production build with the demo community, so lists answer rows and sqlmap's
 * boolean and UNION tests have real pages to compare. The server's own request counter gives how
 * many requests sqlmap tried; a 5xx among them would be a query error leaking out, and a 401, 403
 * or 429 would mean sqlmap never reached the query, so none may appear.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { ensureServerBuilt } from './built-server.js';
import { RESILIENCE } from './config.js';
import { findDebianTool } from './debian-tool.js';

const S = RESILIENCE.sqlmap;
const API = '/api/v1';
type Role = (typeof S.targets)[number]['as'];
type Tier = { level: number; risk: number };
type Job = { url: string; as: Role; params: string[]; tier: Tier };
type Run = Job & { code: number | null; output: string; seconds: number };

let server: ServerProcess;
let sqlmap: string;
let outputDir: string;

/** Every kettle_http_requests_total sample of /metrics, by status. */
async function requestCounts(): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^kettle_http_requests_total\{[^}]*status="(\d+)"[^}]*\} (\d+)/gm)) {
    counts.set(match[1] ?? '', (counts.get(match[1] ?? '') ?? 0) + Number(match[2]));
  }
  return counts;
}
const total = (counts: Map<string, number>, status: (code: number) => boolean) =>
  [...counts].filter(([code]) => status(Number(code))).reduce((sum, [, n]) => sum + n, 0);

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.origin}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return body.access_token;
}

async function firstId(list: string): Promise<string> {
  const body = (await (await fetch(`${server.origin}${API}/${list}/`)).json()) as { data: Array<{ id: string }> };
  const first = body.data[0];
  if (!first) throw new Error(`no ${list} seeded`);
  return first.id;
}

/** A target's free-text parameters at the deep tier, its typed ones at the light tier. */
function jobsOf(url: string, as: Role): Job[] {
  const params = [...new URL(url).searchParams.keys()];
  const text = params.filter((p) => (S.textParams as readonly string[]).includes(p));
  const typed = params.filter((p) => !text.includes(p));
  return [
    { url, as, params: text, tier: S.text },
    { url, as, params: typed, tier: S.typed },
  ].filter((job) => job.params.length > 0);
}

/** One sqlmap run, bounded by `timeout`; resolves with its whole output. */
function runSqlmap(job: Job, token: string | undefined): Promise<Run> {
  const args = [
    String(S.timeoutSeconds),
    sqlmap,
    `--url=${job.url}`,
    '--batch',
    `--level=${job.tier.level}`,
    `--risk=${job.tier.risk}`,
    `--technique=${S.technique}`,
    `--threads=${S.threads}`,
    `-p`,
    job.params.join(','),
    '--flush-session',
    '--disable-coloring',
    // A directory per run: sqlmap keeps one session file per host, which parallel runs would share.
    `--output-dir=${mkdtempSync(join(outputDir, 'run-'))}`,
    ...(token ? [`--headers=Authorization: Bearer ${token}`] : []),
  ];
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('timeout', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ ...job, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs every job, S.parallel at a time, the deep (long) ones first so the two queues end together. */
async function runAll(jobs: Job[], tokens: Record<Role, string | undefined>) {
  const queue = [...jobs].sort((a, b) => b.tier.level - a.tier.level);
  const runs: Run[] = [];
  let next = 0;
  const worker = async () => {
    for (let job = queue[next++]; job; job = queue[next++]) runs.push(await runSqlmap(job, tokens[job.as]));
  };
  await Promise.all(Array.from({ length: S.parallel }, worker));
  return runs;
}

beforeAll(async () => {
  sqlmap = findDebianTool('sqlmap');
  ensureServerBuilt();
  outputDir = mkdtempSync(join(tmpdir(), 'kettle-sqlmap-'));
  server = await startServerProcess({
    SEED_DEMO_USERS: 'true',
    SEED_DEMO_CONTENT: 'true',
    LOG_LEVEL: 'warn',
    ...S.serverEnv,
  });
});

afterAll(async () => {
  await server?.stop();
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

describe('sqlmap against every list, search and filter parameter', () => {
  it('finds no injectable parameter, anonymous or signed in', { timeout: (S.totalSeconds + 60) * 1000 }, async () => {
    const tokens: Record<Role, string | undefined> = {
      visitor: undefined,
      user: await signIn('ava@kettle.local', 'KettleDemo1'),
      admin: await signIn('admin@kettle.local', 'KettleAdmin1'),
    };
    const [category, state] = await Promise.all([firstId('categories'), firstId('states')]);
    const jobs = S.targets.flatMap(({ as, path }) =>
      jobsOf(`${server.origin}${API}${path.replace('CATEGORY', category).replace('STATE', state)}`, as),
    );
    const before = await requestCounts();
    const started = Date.now();
    const runs = await runAll(jobs, tokens);
    const seconds = (Date.now() - started) / 1000;
    const after = await requestCounts();
    const delta = new Map([...after].map(([code, n]) => [code, n - (before.get(code) ?? 0)]));

    const tried = total(delta, () => true);
    const params = runs.reduce((sum, run) => sum + run.params.length, 0);
    console.log(
      `sqlmap ${S.technique}: ${S.targets.length} URLs in ${runs.length} runs, ${params} parameters, ${tried} requests ` +
        `(${JSON.stringify(Object.fromEntries(delta))}) in ${seconds.toFixed(0)} s; ` +
        runs
          .map(
            (r) =>
              `${r.as} ${new URL(r.url).pathname} ${r.params} @${r.tier.level}/${r.tier.risk} ${r.seconds.toFixed(0)} s`,
          )
          .join('; '),
    );

    for (const run of runs) {
      const where = `${run.as} ${run.url}\n${run.output.slice(-3000)}`;
      // 124 is timeout's: a run cut short proved nothing.
      expect(run.code, where).toBe(0);
      expect(run.output, where).not.toMatch(
        /identified the following injection point|is vulnerable|appears to be .*injectable/,
      );
      for (const param of run.params) {
        expect(run.output, where).toContain(`GET parameter '${param}' does not seem to be injectable`);
      }
    }
    expect(total(delta, (code) => code >= 500)).toBe(0);
    // A limit (429) or a wrong role (401, 403) would have kept sqlmap's payloads from the query.
    expect([...delta].filter(([code, n]) => ['401', '403', '429'].includes(code) && n > 0)).toEqual([]);
    // Every parameter got sqlmap's battery (~70 requests each at level 1, hundreds at level 3), not a few probes.
    expect(tried).toBeGreaterThan(params * 50);
  });
});
