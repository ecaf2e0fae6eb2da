import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES, STATUS_FALLBACK, THEME_INIT_SCRIPT } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { API, errorOf, newSignup, register } from '../test/http.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

/** What every answer carries (security.md W4), documents and API answers alike. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toMatch(/object-src 'none'|default-src 'none'/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const hsts = String(res.headers['strict-transport-security']);
  expect(hsts).toContain('max-age=31536000');
  expect(hsts).toContain('includeSubDomains');
}

/** An API answer loads nothing: its policy allows nothing, with no document-only headers. */
function expectApiPolicy(res: LightMyRequestResponse) {
  expectSecurityHeaders(res);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const documentOnly of [
    'x-frame-options',
    'x-xss-protection',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
  ])
    expect(res.headers[documentOnly]).toBeUndefined();
}

/** A page's policy: our own origin, and the one inline theme script by its hash, never any other. */
function expectPagePolicy(res: LightMyRequestResponse) {
  expectSecurityHeaders(res);
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  const themeHash = createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64');
  expect(csp).toContain(`script-src 'self' 'sha256-${themeHash}';`);
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('security headers (security.md W4)', () => {
  it('are on an API answer, a 404, a validation error and a 401', async () => {
    expectApiPolicy(await get(`${API}/categories/`));
    expectApiPolicy(await get(`${API}/no-such-route`));
    expectApiPolicy(await register(app, newSignup({ username: 'x' })));
    expectApiPolicy(await get(`${API}/auth/me`));
  });

  it('give a page outside the API the page policy, and an address Fastify refuses before routing its own', async () => {
    // The mailbox answers loopback clients only (dev-mailbox.test.ts).
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(page.headers['content-type']).toContain('text/html');
    expectPagePolicy(page);
    expectPagePolicy(await get('/no-such-page/%E0%A4%A'));
    expectApiPolicy(await get(`${API}/posts/%E0%A4%A`));
  });

  it('marks authed JSON as not cacheable (cache-control: no-store)', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await get(`${API}/auth/me`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('CORS', () => {
  it('reflects APP_ORIGIN and not a foreign origin', async () => {
    const own = await get(`${API}/categories/`, { origin: 'http://kettle.test' });
    expect(own.headers['access-control-allow-origin']).toBe('http://kettle.test');
    const foreign = await get(`${API}/categories/`, { origin: 'http://evil.test' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from the own origin only', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: `${API}/auth/login`,
        headers: { origin, 'access-control-request-method': 'POST' },
        remoteAddress: nextIp(),
      });
    expect((await preflight('http://kettle.test')).headers['access-control-allow-origin']).toBe('http://kettle.test');
    expect((await preflight('http://evil.test')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('error envelope', () => {
  it('answers an unknown API route with 404 {detail, code}', async () => {
    const res = await get(`${API}/definitely-not-here`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'The requested resource was not found.', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 {detail, code} and no stack', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: '{"username": "abc",',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: STATUS_FALLBACK[400], code: ERROR_CODES.badRequest });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a JSON body over 100 KB with 413 {detail, code}', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: JSON.stringify({ ...newSignup(), padding: 'p'.repeat(101 * 1024) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ detail: expect.any(String), code: ERROR_CODES.payloadTooLarge });
  });

  it('answers an unexpected error with 500 and the generic text, no stack or message', async () => {
    const spy = vi
      .spyOn(app.ctx.limits, 'hit')
      .mockRejectedValueOnce(new Error('redis exploded at /srv/secret/path.ts:12'));
    try {
      const res = await register(app, newSignup());
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Server error. Please try again later.', code: ERROR_CODES.internal });
      expect(res.body).not.toContain('exploded');
      expect(res.body).not.toContain('secret');
      expectApiPolicy(res);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a dependency that is away (a refused connection) with 503 and the generic text', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const spy = vi.spyOn(app.ctx.limits, 'hit').mockRejectedValueOnce(refused);
    try {
      const res = await register(app, newSignup());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable });
      expect(res.body).not.toContain('6379');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('health and docs', () => {
  it('GET /api/health and /api/ready answer 200', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    // Each configured dependency by name: the database always, Redis when this run has one.
    const redis = app.ctx.redis ? { redis: 'ok' } : {};
    expect(ready.json()).toEqual({ status: 'ok', dependencies: { database: 'ok', ...redis } });
  });

  it('GET /api/ready answers 503 when the database does not answer', async () => {
    const spy = vi.spyOn(app.ctx.database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        detail: STATUS_FALLBACK[503],
        code: ERROR_CODES.unavailable,
        dependencies: { database: 'failing' },
      });
      expect(res.body).not.toContain('connection refused');
    } finally {
      spy.mockRestore();
    }
  });

  it('GET /api/docs/json is an OpenAPI document listing the auth routes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/refresh']),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dev/'))).toBe(false);
  });
});

describe('dev mailbox', () => {
  it('lists outbox mail outside production', async () => {
    const signup = newSignup();
    expect((await register(app, signup)).statusCode).toBe(201);
    // The mailbox answers loopback clients (and admins) only: see dev-mailbox.test.ts.
    const local = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    const res = await local('/dev/mailbox.json');
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ messages: Array<{ to: string; subject: string; text: string; status: string }> }>();
    const mail = messages.find((m) => m.to === signup.email);
    expect(mail).toMatchObject({ subject: 'Verify your Kettle email', status: 'stored' });
    expect(mail?.text).toContain('http://kettle.test/auth/verify-email/');
    const html = await local('/dev/mailbox');
    expect(html.headers['content-type']).toContain('text/html');
  });

  it('is 404 in production', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: randomBytes(32).toString('hex') },
    });
    try {
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        const res = await prod.inject({ method: 'GET', url, remoteAddress: nextIp() });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: STATUS_FALLBACK[404], code: ERROR_CODES.notFound });
      }
      expectApiPolicy(await prod.inject({ method: 'GET', url: '/api/health', remoteAddress: nextIp() }));
    } finally {
      await prod.teardown();
    }
  });
});
