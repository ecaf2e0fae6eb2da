import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';

/**
 * The error path of the operations no other file makes fail, so that with the harness's contract
 * check every operation's success and error answers are held to the document.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string) =>
  app.inject({
    method,
    url: `${API}${url}`,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });

describe('error answers that match the document', () => {
  it.each([
    ['PUT', '/auth/update-password', '{}'],
    ['GET', '/coins/daily-drop', undefined],
    ['GET', '/payments/subscription/', undefined],
    ['GET', '/payments/subscription/history', undefined],
    ['GET', '/payments/subscription/webhook/status', undefined],
  ] as const)('%s %s without a token is 401 with the envelope', async (method, url, payload) => {
    const res = await call(method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  });

  it('a refresh token that was never issued is 401', async () => {
    const res = await call('POST', '/auth/refresh', JSON.stringify({ refresh_token: 'not-a-token' }));
    expect(res.statusCode).toBe(401);
  });

  it('a body that is not JSON is 400 with the envelope', async () => {
    const res = await call('POST', '/auth/logout', '{"refresh_token":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  });

  it.each(['/categories/', '/states/', '/payments/plans'])(
    'GET %s with a NUL byte in the query is 422',
    async (url) => {
      const res = await call('GET', `${url}?q=%00`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    },
  );
});
