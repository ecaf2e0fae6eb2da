import { randomBytes } from 'node:crypto';
import { ERROR_CODES, POST_MESSAGES } from '@kettle/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { jpegFile, refs, signedIn, submitMultipart, teaBody } from '../../../test/posts-kit.js';

// Issue 10, item 15 (upload half): bytes per user per minute, and image reads per address.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { UPLOAD_BYTES_PER_MINUTE: '60000', UPLOAD_READS_PER_MINUTE: '5' } });
});
afterAll(() => app.teardown());

describe('the upload byte budget', () => {
  it('refuses the next upload with 429 once a user has sent their bytes for the minute', async () => {
    const { auth } = await signedIn(app, { coins: 200 });
    const ref = await refs(app);
    // Noise does not compress: a PNG of about 25 KB, so two fit in the 60,000-byte test budget.
    const data = await sharp(randomBytes(90 * 90 * 3), { raw: { width: 90, height: 90, channels: 3 } })
      .png()
      .toBuffer();
    expect(data.length).toBeGreaterThan(20_000);
    expect(data.length).toBeLessThan(30_000);
    const file = { name: 'noise.png', type: 'image/png', data };
    expect((await submitMultipart(app, auth, teaBody(ref), [file])).statusCode).toBe(201);
    expect((await submitMultipart(app, auth, teaBody(ref), [file])).statusCode).toBe(201);
    const res = await submitMultipart(app, auth, teaBody(ref), [file]);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual({ detail: POST_MESSAGES.uploadBudget, code: ERROR_CODES.rateLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's budget is their own; a tea without photos costs nothing of it.
    const other = await signedIn(app, { coins: 25 });
    expect((await submitMultipart(app, other.auth, teaBody(ref), [await jpegFile()])).statusCode).toBe(201);
    expect((await submitMultipart(app, auth, teaBody(ref), [])).statusCode).toBe(201);
  });
});

describe('GET /uploads/* per address', () => {
  it('answers 429 with the envelope past the budget, counted per address', async () => {
    const url = '/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp';
    const from = (remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await from('10.9.9.1')).statusCode).toBe(404);
    const limited = await from('10.9.9.1');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ detail: POST_MESSAGES.imageRequests, code: ERROR_CODES.rateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('10.9.9.2')).statusCode).toBe(404);
  });
});
