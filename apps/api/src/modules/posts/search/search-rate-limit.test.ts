import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API, errorOf } from '../../../../test/http.js';
import { signedIn, type Auth } from '../../../../test/posts-kit.js';

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

describe("a signed-in account's whole-handle searches are limited per account (issue 70 item 11)", () => {
  it('answers the 61st in a minute with 429 from any address; other searches and accounts go on', async () => {
    const reader = await signedIn(app);
    // Each from a new address: the account is counted, not where it searches from.
    for (let i = 0; i < 60; i += 1) {
      const term = i % 2 === 0 ? `@guess_${i}` : `guess_${i}`;
      expect((await searchFrom(nextIp(), `?search=${term}`, reader.auth)).statusCode, `search ${i + 1}`).toBe(200);
    }
    const blocked = await searchFrom(nextIp(), '?search=@one_more', reader.auth);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many searches. Please wait a minute.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // A term that cannot be a whole handle tells nothing of one; another account has its own budget.
    expect((await searchFrom(nextIp(), '?search=two%20words', reader.auth)).statusCode).toBe(200);
    const other = await signedIn(app);
    expect((await searchFrom(nextIp(), '?search=@one_more', other.auth)).statusCode).toBe(200);
  });
});
