import { Writable } from 'node:stream';
import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API } from '../../test/http.js';
import { users } from '../db/schema.js';
import { REDACT_PATHS, requestSerializer } from './log-redaction.js';

const MARKER_EMAIL = 'marker-7f3a@leak.test';
const MARKER_TEXT = 'MarkerGossip-91b2';

describe('an unexpected database error in the log', () => {
  const lines: string[] = [];
  let app: TestApp;
  let takenUsername = '';
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
      // Routes no module has: each runs a statement that fails with user data among its parameters.
      routes: (instance) => {
        instance.post('/test/duplicate-user', async () => {
          await instance.ctx.db
            .insert(users)
            .values({ username: takenUsername, email: MARKER_EMAIL, passwordHash: MARKER_TEXT });
          return { ok: true };
        });
        instance.post('/test/bad-cast', async () => {
          await instance.ctx.db.execute(sql`select ${MARKER_TEXT}::integer as n`);
          return { ok: true };
        });
      },
    });
    takenUsername = (await buildUser(app)).username;
  });
  afterAll(async () => {
    await app.teardown();
  });

  const errorLine = () => lines.find((l) => l.includes('unhandled error')) ?? '';

  it('a unique violation logs the statement, code and constraint, never the parameters', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/duplicate-user', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: STATUS_FALLBACK[500], code: ERROR_CODES.internal });
    const log = lines.join('');
    const line = errorLine();
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('23505');
    expect(line).toContain('users_username_lower_key');
    expect(log).not.toContain(MARKER_EMAIL);
    expect(log).not.toContain(MARKER_TEXT);
    expect(log).not.toContain(takenUsername);
  });

  it('an error whose own message quotes a value logs the statement and code only', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/bad-cast', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const line = errorLine();
    expect(line).toContain('::integer');
    // 22P02: invalid text representation; the driver's message would repeat the value.
    expect(line).toContain('22P02');
    expect(log).not.toContain(MARKER_TEXT);
  });
});

describe('a body over its limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      routes: (instance) => {
        // Hidden from the OpenAPI document, whose contract check would hold a test route to declared answers.
        instance.post('/test/small-body', { bodyLimit: 2 * 1024, schema: { hide: true } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await app.teardown();
  });

  const postJson = (url: string, bytes: number) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify({ padding: 'p'.repeat(bytes) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });

  it('is called a request too large, with the limit of its route, never a file', async () => {
    for (const [url, bytes, detail] of [
      [`${API}/auth/register`, 101 * 1024, 'Request too large: at most 100 KB may be sent here.'],
      ['/test/small-body', 3 * 1024, 'Request too large: at most 2 KB may be sent here.'],
    ] as const) {
      const res = await postJson(url, bytes);
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ detail, code: ERROR_CODES.payloadTooLarge });
      expect(res.json<{ detail: string }>().detail).not.toMatch(/file/i);
    }
  });
});
