import { MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { emailTokens } from '../../db/schema.js';
import { outboxTo } from '../../../test/mailbox.js';
import { createJobQueue } from '../../lib/job-queue.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await app.ctx.jobs.drain();
});
afterAll(async () => {
  await app.teardown();
});

const ask = (endpoint: string, email: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/${endpoint}?email=${encodeURIComponent(email)}`,
    remoteAddress: nextIp(),
  });
const tokensOf = (userId: string) => app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));

const cases = [
  { endpoint: 'forgot-password', message: MESSAGES.auth.resetSent, verified: true },
  { endpoint: 'resend-verification', message: MESSAGES.auth.verificationSent, verified: false },
];

describe.each(cases)('POST /auth/$endpoint does its work after the answer', ({ endpoint, message, verified }) => {
  it('answers 202 before the lookup, token and mail happen; then exactly one of each', async () => {
    const user = await buildUser(app, { verified });
    app.ctx.jobs.pause();
    const res = await ask(endpoint, user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message });
    expect(app.ctx.jobs.size()).toBe(1);
    expect(await tokensOf(user.id)).toHaveLength(0);
    expect(await outboxTo(app, user.email)).toHaveLength(0);

    await app.ctx.jobs.drain();
    expect(app.ctx.jobs.size()).toBe(0);
    expect(await tokensOf(user.id)).toHaveLength(1);
    expect(await outboxTo(app, user.email)).toHaveLength(1);
  });

  it('for an unknown email answers the same 202 and the queued work creates nothing', async () => {
    const email = `nobody-${endpoint}-${Date.now()}@example.test`;
    app.ctx.jobs.pause();
    const res = await ask(endpoint, email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message });
    await app.ctx.jobs.drain();
    expect(await outboxTo(app, email)).toHaveLength(0);
  });
});

describe('a queued job that fails', () => {
  it('is logged, not thrown at the client, and the queue goes on', async () => {
    const logged: string[] = [];
    const queue = createJobQueue({
      log: { error: (_obj, msg) => logged.push(msg), warn: (_obj, msg) => logged.push(msg) },
    });
    const done: string[] = [];
    queue.enqueue('boom', async () => {
      throw new Error('mail server on fire');
    });
    queue.enqueue('fine', async () => {
      done.push('fine');
    });
    await queue.drain();
    expect(logged).toEqual(['queued job failed']);
    expect(done).toEqual(['fine']);
  });
});
