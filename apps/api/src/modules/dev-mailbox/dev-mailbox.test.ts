import { randomBytes } from 'node:crypto';
import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const URLS = ['/dev/mailbox.json', '/dev/mailbox'];

const expectNotFound = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ detail: STATUS_FALLBACK[404], code: ERROR_CODES.notFound });
};

describe('the dev mailbox outside production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await app.teardown();
  });

  it('answers a loopback client (IPv4, IPv6 and IPv4-mapped)', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const url of URLS) {
        const res = await app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
  });

  it('is 404 to a visitor from another address, also one claiming loopback in X-Forwarded-For', async () => {
    for (const url of URLS) {
      expectNotFound(await app.inject({ method: 'GET', url, remoteAddress: nextIp() }));
      expectNotFound(
        await app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: { 'x-forwarded-for': '127.0.0.1' } }),
      );
    }
  });

  it('is 404 to a request a proxy on this host relayed, whatever header gives it away', async () => {
    const relayed = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 proxy.example' },
    ];
    for (const headers of relayed) {
      for (const url of URLS) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(res.statusCode, `${url} with ${Object.keys(headers)[0]}`).toBe(404);
        expect(res.json()).toEqual({ detail: STATUS_FALLBACK[404], code: ERROR_CODES.notFound });
      }
    }
  });

  it('answers a signed-in admin even through a proxy', async () => {
    const admin = await tokensFor(app, await buildUser(app, { isAdmin: true }));
    const headers = { ...admin.auth, 'x-forwarded-for': '203.0.113.9', via: '1.1 proxy.example' };
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1', headers });
    expect(res.statusCode).toBe(200);
  });

  it('is 404 to a signed-in non-admin and to a bad token from another address', async () => {
    const reader = await tokensFor(app, await buildUser(app));
    for (const url of URLS) {
      expectNotFound(await app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: reader.auth }));
      expectNotFound(
        await app.inject({
          method: 'GET',
          url,
          remoteAddress: nextIp(),
          headers: { authorization: 'Bearer not-a-token' },
        }),
      );
    }
  });

  it('answers a signed-in admin from another address', async () => {
    const admin = await tokensFor(app, await buildUser(app, { isAdmin: true }));
    for (const url of URLS) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: admin.auth });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('the dev mailbox in production', () => {
  it('does not exist, even for loopback or an admin', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: randomBytes(32).toString('hex') },
    });
    try {
      const admin = await tokensFor(prod, await buildUser(prod, { isAdmin: true }));
      for (const url of URLS) {
        expectNotFound(await prod.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' }));
        expectNotFound(await prod.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: admin.auth }));
      }
    } finally {
      await prod.teardown();
    }
  });
});
