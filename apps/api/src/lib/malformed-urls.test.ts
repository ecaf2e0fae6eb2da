import { ERROR_CODES, INPUT_MESSAGES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API, errorOf } from '../../test/http.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.teardown());

const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: nextIp() });
const long = 'a'.repeat(5000);

describe('malformed addresses answer our envelope, never Fastify’s own shape', () => {
  it.each([`${API}/posts/%E0%A4%A`, `${API}/categories/%zz`, `${API}/posts/%`, `/uploads/%E0%A4%A.webp`])(
    'bad percent-encoding in the path: %s is a 400',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: INPUT_MESSAGES.badAddress, code: ERROR_CODES.badRequest });
    },
  );

  it('bad percent-encoding in the query is a 400 or a clean answer, never a 500', async () => {
    const res = await get(`${API}/posts/?search=%E0%A4%A`);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expect(errorOf(res).code).toBeDefined();
  });

  it.each([
    `${API}/posts/${long}`,
    `${API}/categories/${long}`,
    `${API}/posts/${long}/comments`,
    `/uploads/${long}.webp`,
  ])('an over-long path segment answers the envelope (%#)', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: INPUT_MESSAGES.addressTooLong, code: ERROR_CODES.badRequest });
  });
});
