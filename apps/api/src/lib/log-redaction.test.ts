import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API, bearer, login, refresh, type TokenPairBody } from '../../test/http.js';
import { lastMailTo, linkToken } from '../../test/mailbox.js';
import { REDACT_PATHS, redactUrl, requestSerializer } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/refresh?refresh_token=abc.def-123')).toBe(
      '/api/v1/auth/refresh?refresh_token=%5BREDACTED%5D',
    );
    const reset = redactUrl('/api/v1/auth/reset-password/tok?new_password=Secret-Pass1&lang=en');
    expect(reset).not.toContain('Secret-Pass1');
    expect(reset).toContain('lang=en');
    expect(redactUrl('/x?password=p4ss&token=t0k')).not.toMatch(/p4ss|t0k/);
  });

  it('hides the token path segment of verify-email, reset-password and sign-in links', () => {
    expect(redactUrl('/api/v1/auth/verify-email/SeCrEtToKeN_123')).toBe('/api/v1/auth/verify-email/[REDACTED]');
    expect(redactUrl('/api/v1/auth/reset-password/SeCrEtToKeN_123?new_password=x')).toBe(
      '/api/v1/auth/reset-password/[REDACTED]?new_password=%5BREDACTED%5D',
    );
    expect(redactUrl('/reset-password/SeCrEtToKeN_123#frag')).not.toContain('SeCrEtToKeN_123');
    expect(redactUrl('/api/v1/auth/sign-in-link/SeCrEtToKeN_123')).toBe('/api/v1/auth/sign-in-link/[REDACTED]');
    expect(redactUrl('/api/v1/auth/sign-in-link')).toBe('/api/v1/auth/sign-in-link');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/v1/categories/')).toBe('/api/v1/categories/');
    expect(redactUrl('/api/v1/auth/resend-verification?email=a%40b.test')).toBe(
      '/api/v1/auth/resend-verification?email=a%40b.test',
    );
  });
});

describe('the real logger output of a login, refresh and reset', () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    app = await createTestApp({
      build: {
        logger: {
          level: 'info',
          stream,
          redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
          serializers: { req: requestSerializer },
        },
      },
    });
  });
  afterAll(async () => {
    await app.teardown();
  });

  it('holds no password, refresh token, access token or reset token', async () => {
    const user = await buildUser(app);
    const secrets: string[] = [user.password];

    const signIn = await login(app, user.email, user.password);
    expect(signIn.statusCode).toBe(200);
    const pair = signIn.json<TokenPairBody>();
    secrets.push(pair.refresh_token, pair.access_token);
    expect((await login(app, user.email, 'Wrong-But-Logged1')).statusCode).toBe(401);
    secrets.push('Wrong-But-Logged1');

    const rotated = await refresh(app, pair.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const r2 = rotated.json<TokenPairBody>().refresh_token;
    secrets.push(r2);
    const viaPost = await app.inject({
      method: 'POST',
      url: `${API}/auth/refresh`,
      payload: { refresh_token: r2 },
      remoteAddress: nextIp(),
    });
    expect(viaPost.statusCode).toBe(200);
    secrets.push(viaPost.json<TokenPairBody>().refresh_token);
    await app.inject({
      method: 'GET',
      url: `${API}/auth/me`,
      headers: bearer(pair.access_token),
      remoteAddress: nextIp(),
    });

    await app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password?email=${encodeURIComponent(user.email)}`,
      remoteAddress: nextIp(),
    });
    const resetToken = linkToken((await lastMailTo(app, user.email))?.text ?? '', '/reset-password/');
    secrets.push(resetToken, 'Logged-Reset-Pass9');
    const reset = await app.inject({
      method: 'POST',
      url: `${API}/auth/reset-password/${resetToken}?new_password=Logged-Reset-Pass9`,
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    // A second, failing use goes through the error path too.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${API}/auth/reset-password/${resetToken}`,
          payload: { new_password: 'Other-Pass-77' },
          remoteAddress: nextIp(),
        })
      ).statusCode,
    ).toBe(400);
    secrets.push('Other-Pass-77');

    const log = lines.join('');
    expect(log).toContain('/api/v1/auth/login');
    expect(log).toContain('/api/v1/auth/reset-password/[REDACTED]');
    expect(log).toContain('request completed');
    // One line per request (plugins/request-log.ts), not Fastify's arrival line as well.
    expect(log).not.toContain('incoming request');
    const completed = log.split('\n').filter((line) => line.includes('"request completed"'));
    expect(completed.some((line) => line.includes('"url":"/api/v1/auth/login"') && line.includes('"statusCode"'))).toBe(
      true,
    );
    const leaked = secrets.filter((s) => log.includes(s)).map((s) => `${s.slice(0, 6)}…`);
    expect(leaked).toEqual([]);
    expect(log).not.toContain(user.passwordHash);
  });
});
