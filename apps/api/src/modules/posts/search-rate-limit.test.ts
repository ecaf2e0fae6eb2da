import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.teardown());

const searchFrom = (ip: string, query: string, auth: Auth = {}) =>
  app.inject({ method: 'GET', url: `${API}/posts/${query}`, headers: auth, remoteAddress: ip });

describe('anonymous search is limited per address', () => {
  it('answers the 61st anonymous search in a minute from one address with 429 and a detail', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i += 1) {
      expect((await searchFrom(ip, `?search=term${i}`)).statusCode, `search ${i + 1}`).toBe(200);
    }
    const blocked = await searchFrom(ip, '?search=one-more');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many searches. Please wait a minute, or sign in to keep searching.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Browsing is not searching; a signed-in reader and another address are not limited by this rule.
    expect((await searchFrom(ip, '?limit=5')).statusCode).toBe(200);
    const { auth } = await signedIn(app);
    expect((await searchFrom(ip, '?search=signed-in', auth)).statusCode).toBe(200);
    expect((await searchFrom(nextIp(), '?search=elsewhere')).statusCode).toBe(200);
  });
});
