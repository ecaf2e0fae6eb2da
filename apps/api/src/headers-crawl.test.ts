import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { API } from '../test/http.js';
import { pngFile, refs, signedIn, submitMultipart, teaBody } from '../test/posts-kit.js';

/**
 * security.md W4: every route of the route table, in production mode, over real HTTP (so the
 * hot-page server in front of Fastify answers too), as a visitor, a member and an admin, plus
 * 404s, a 500, a stored image, the live stream and the served web app. Every single answer must
 * carry the security headers and must not grant a foreign Origin; every signed-in JSON answer
 * must say no-store. One bad answer fails the file, with the list of all bad answers.
 */

const FOREIGN = 'https://evil.example';
const PROD_ENV = {
  NODE_ENV: 'production',
  APP_ORIGIN: 'https://kettle.test',
  JWT_SECRET: randomBytes(32).toString('hex'),
  PAYMENTS_DEV_PROVIDER: 'true',
  // Each crawl request claims its own client address, so per-IP limits do not turn the crawl
  // into a wall of 429s (a 429 would still be checked, but would hide the route's real answer).
  TRUST_PROXY: 'true',
};
const BOOM = '/api/v1/crawl-test/boom';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Route = { method: string; path: string };
type Crawled = { who: string; method: string; url: string; status: number; type: string; problems: string[] };

/**
 * The route table from printRoutes' tree: each line is a node, indented 4 columns a level,
 * holding the path text after its parent's and, for a route, its methods in parentheses.
 */
function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    stack.length = depth;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + match[2];
    stack.push(path);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if ((METHODS as readonly string[]).includes(method)) routes.push({ method, path });
    }
  }
  return routes;
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** What is wrong with one answer's headers (nothing, ideally). */
function headerProblems(headers: Headers, signedIn: boolean): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  // object-src falls back to default-src (an image's policy is default-src 'none'); base-uri and
  // frame-ancestors have no fallback, so they must be named.
  const noObjects =
    csp.includes("object-src 'none'") || (csp.includes("default-src 'none'") && !csp.includes('object-src'));
  if (!noObjects) problems.push(`CSP without object-src 'none': "${csp}"`);
  if (!csp.includes("base-uri 'none'")) problems.push(`CSP without base-uri 'none': "${csp}"`);
  if (!csp.includes("frame-ancestors 'none'")) problems.push(`CSP without frame-ancestors 'none': "${csp}"`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (headers.get('referrer-policy') !== 'no-referrer')
    problems.push(`referrer-policy ${headers.get('referrer-policy')}`);
  const hsts = headers.get('strict-transport-security') ?? '';
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 31_536_000 || !hsts.includes('includeSubDomains')) problems.push(`HSTS "${hsts}"`);
  const allowOrigin = headers.get('access-control-allow-origin');
  if (allowOrigin === FOREIGN || allowOrigin === '*') problems.push(`ACAO ${allowOrigin}`);
  if (headers.get('access-control-allow-credentials') && allowOrigin === FOREIGN)
    problems.push('credentials to foreign');
  const json = (headers.get('content-type') ?? '').includes('json');
  if (signedIn && json && !(headers.get('cache-control') ?? '').includes('no-store')) {
    problems.push(`signed-in JSON with cache-control "${headers.get('cache-control')}"`);
  }
  return problems;
}

/** Sends one request and records its answer; a live stream is cut once its head has arrived. */
async function crawl(
  base: string,
  who: { name: string; headers: Record<string, string> },
  method: string,
  url: string,
  out: Crawled[],
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const writes = method !== 'GET' && method !== 'HEAD';
  try {
    const res = await fetch(base + url, {
      method,
      redirect: 'manual',
      signal: controller.signal,
      headers: {
        origin: FOREIGN,
        'x-forwarded-for': nextIp(),
        ...(writes ? { 'content-type': 'application/json' } : {}),
        ...who.headers,
      },
      body: writes ? '{}' : undefined,
    });
    const signedIn = 'authorization' in who.headers || url.includes('token=');
    out.push({
      who: who.name,
      method,
      url,
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      problems: headerProblems(res.headers, signedIn),
    });
    if ((res.headers.get('content-type') ?? '').includes('event-stream')) controller.abort();
    else await res.arrayBuffer();
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

const crawled: Crawled[] = [];
const badAnswers = () => crawled.filter((c) => c.problems.length > 0);

describe('header crawl in production mode (security.md W4)', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    app = await createTestApp({
      env: PROD_ENV,
      // A route that throws, for the 500 answer every other route must look like.
      routes: (a) => {
        a.get(BOOM, { schema: { hide: true } }, () => {
          throw new Error('crawl: deliberate failure');
        });
      },
    });
    base = await listen(app);
  });
  afterAll(async () => {
    await app?.teardown();
  });

  it('puts the headers on every answer of every route, as visitor, member and admin', async () => {
    expect(app.ctx.config.isProduction).toBe(true);
    const routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
    // The parse must have found the table: the documented operations are all in it.
    const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const table = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(documented.filter((op) => !table.has(op))).toEqual([]);
    expect(routes.length).toBeGreaterThan(documented.length);

    const member = await signedIn(app, { coins: 500 });
    const admin = await signedIn(app, { isAdmin: true });
    const ref = await refs(app);
    const created = await submitMultipart(app, member.auth, teaBody(ref), [await pngFile()]);
    expect(created.statusCode).toBe(201);
    const post = created.json<{ id: string; image_urls: string[] }>();
    const image = post.image_urls[0];
    expect(image).toMatch(/\/uploads\//);

    // Every path parameter gets the member's real post id: the post's own routes then answer
    // their real 200s, the others a 404 — both are answers to check.
    const fill = (path: string) =>
      path.replace(/:\w+/g, post.id).replace(/\*$/, image?.replace(/^.*\/uploads\//, '') ?? 'x');
    const token = member.auth.authorization.replace('Bearer ', '');
    const everyone = [
      { name: 'visitor', headers: {} },
      { name: 'member', headers: member.auth },
      { name: 'admin', headers: admin.auth },
    ];
    const extras = [
      `${API}/no-such-route`,
      '/api/nothing',
      '/nothing-here',
      '/uploads/nope.webp',
      BOOM,
      `${API}/posts/${post.id}/events?token=${token}`,
      image ? new URL(image, base).pathname + new URL(image, base).search : '/uploads/missing',
      `${API}/posts/%E0%A4%A`,
    ];
    for (const who of everyone) {
      for (const route of routes.filter((r) => r.method !== 'DELETE')) {
        await crawl(base, who, route.method, fill(route.path), crawled);
      }
      for (const url of extras) await crawl(base, who, 'GET', url, crawled);
      await crawl(base, who, 'OPTIONS', `${API}/auth/login`, crawled);
    }
    // Destructive routes (delete the post, the account) go last, for everyone, so the rest of the
    // crawl sees live data.
    for (const who of everyone) {
      for (const route of routes.filter((r) => r.method === 'DELETE')) {
        await crawl(base, who, route.method, fill(route.path), crawled);
      }
    }

    const statuses = new Set(crawled.map((c) => c.status));
    // The crawl saw real successes, refusals, a missing page and the deliberate failure.
    for (const status of [200, 401, 403, 404, 500]) expect(statuses).toContain(status);
    expect(crawled.some((c) => c.status === 200 && c.type.includes('event-stream'))).toBe(true);
    expect(crawled.some((c) => c.status === 200 && c.type.startsWith('image/'))).toBe(true);
    expect(badAnswers()).toEqual([]);
    console.info(`W4 crawl: ${crawled.length} answers from ${routes.length} routes, statuses ${[...statuses].sort()}`);
  });
});

describe('header crawl of the served web app in production mode', () => {
  let app: TestApp;
  let base: string;
  let webRoot: string;
  beforeAll(async () => {
    // A small built-app fixture: the crawl checks the server's headers, not the web build.
    webRoot = mkdtempSync(join(tmpdir(), 'kettle-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ env: PROD_ENV, build: { serveWeb: true, webRoot } });
    base = await listen(app);
  });
  afterAll(async () => {
    await app?.teardown();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('puts the headers on pages, assets and missing files', async () => {
    const member = await signedIn(app);
    const before = crawled.length;
    for (const who of [
      { name: 'visitor', headers: {} },
      { name: 'member', headers: member.auth },
    ]) {
      for (const url of [
        '/',
        '/posts/abc',
        '/admin/moderation',
        '/favicon.svg',
        '/assets/index-abc123.js',
        '/assets/missing.js',
        '/api/v1/categories/',
        '/dev/mailbox',
      ]) {
        await crawl(base, who, 'GET', url, crawled);
      }
    }
    const web = crawled.slice(before);
    expect(web.map((c) => c.status)).toContain(200);
    expect(web.map((c) => c.status)).toContain(404);
    expect(badAnswers()).toEqual([]);
    console.info(`W4 crawl total: ${crawled.length} answers`);
  });
});
