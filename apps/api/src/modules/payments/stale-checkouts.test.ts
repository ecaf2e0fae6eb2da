import type { TransactionList } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import type { FakeStripe } from '../../../test/fake-stripe.js';
import { expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import {
  accountOf,
  deliverStripeEvent,
  ledgerRows,
  purchaseOf,
  startCheckout,
  useStripeApp,
} from '../../../test/payments-kit.js';
import { purchases } from '../../db/schema.js';
import { SWEEP_JOBS } from '../../sweeps/schedule.js';
import { insertPurchase } from './purchases.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Well past any checkout's life (a day) and the grace the provider gets to report it. */
const LONG_AGO_MS = 26 * HOUR_MS;

/** Runs the scheduled stale-checkout sweep once, as the timer would. */
async function sweepStaleCheckouts(app: TestApp, now = new Date()): Promise<number> {
  const job = SWEEP_JOBS.find((candidate) => candidate.name === 'stale-checkouts');
  if (!job) throw new Error('no stale-checkouts sweep is scheduled');
  const result = await job.run(app.ctx, now);
  return typeof result === 'number' ? result : result.removed;
}

/** The checkout was opened `ms` ago (by us and, for Stripe, by the provider). */
async function age(app: TestApp, purchaseId: string, ms: number) {
  const then = new Date(Date.now() - ms);
  await app.ctx.db
    .update(purchases)
    .set({ createdAt: then, providerCreatedAt: then, updatedAt: then })
    .where(eq(purchases.id, purchaseId));
}

async function listedStatus(app: TestApp, auth: Auth, purchaseId: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: `${API}/payments/transactions?limit=100`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<TransactionList>().data.find((t) => t.id === purchaseId)?.payment_status;
}

const sessionRequests = (fake: FakeStripe, sessionId: string) =>
  fake.requests.filter((r) => r.path.startsWith(`/v1/checkout/sessions/${sessionId}`));

describe('Stripe checkouts nobody reported: the sweep asks Stripe once their life is over', () => {
  let fake: FakeStripe;
  let app: TestApp;
  useStripeApp((made) => {
    ({ fake, app } = made);
  });

  it('a session Stripe expired without a notification reaching us becomes expired, and Transactions says so', async () => {
    const { auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'gold');
    const purchase = await purchaseOf(app, sessionId);
    await age(app, purchase.id, LONG_AGO_MS);
    fake.expireSession(sessionId);
    expect(await listedStatus(app, auth, purchase.id)).toBe('pending');

    expect(await sweepStaleCheckouts(app)).toBeGreaterThanOrEqual(1);
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
    expect(await listedStatus(app, auth, purchase.id)).toBe('expired');
  });

  it('a session still open at Stripe past its life is expired there first, so it can never be paid', async () => {
    const { user, auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'silver');
    const purchase = await purchaseOf(app, sessionId);
    await age(app, purchase.id, LONG_AGO_MS);

    await sweepStaleCheckouts(app);
    expect(fake.sessions.get(sessionId)?.status).toBe('expired');
    expect(sessionRequests(fake, sessionId).some((r) => r.method === 'POST' && r.path.endsWith('/expire'))).toBe(true);
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('a session paid at Stripe whose notification was lost is credited by the sweep, once', async () => {
    const { user, auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'bronze');
    const purchase = await purchaseOf(app, sessionId);
    await age(app, purchase.id, LONG_AGO_MS);
    const paid = fake.completeSession(sessionId);

    await sweepStaleCheckouts(app);
    await sweepStaleCheckouts(app);
    expect((await deliverStripeEvent(app, fake, 'checkout.session.completed', paid)).statusCode).toBe(200);
    expect((await purchaseOf(app, sessionId)).status).toBe('succeeded');
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: purchase.totalCoins, debt: 0 });
  });

  it('a session Stripe does not know (another account, deleted keys) ends expired', async () => {
    const buyer = await signedIn(app);
    const purchase = await insertPurchase(app.ctx.db, {
      userId: buyer.user.id,
      provider: 'stripe',
      providerSessionId: 'cs_test_never_known_to_this_account',
      planId: 'gold',
      coins: 100,
      bonusCoins: 0,
      totalCoins: 100,
      amountCents: 999,
      currency: 'usd',
    });
    await age(app, purchase.id, LONG_AGO_MS);
    await sweepStaleCheckouts(app);
    expect((await purchaseOf(app, 'cs_test_never_known_to_this_account')).status).toBe('expired');
    expect(await listedStatus(app, buyer.auth, purchase.id)).toBe('expired');
  });

  it('while Stripe cannot be reached the row stays pending, and the next round settles it', async () => {
    const { auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'whale');
    const purchase = await purchaseOf(app, sessionId);
    await age(app, purchase.id, LONG_AGO_MS);
    fake.expireSession(sessionId);
    const error = { type: 'api_error', message: 'An unknown error occurred' };
    // The SDK retries twice: every attempt of this round fails.
    for (let i = 0; i < 3; i += 1) fake.failNext('GET', new RegExp(`/v1/checkout/sessions/${sessionId}$`), 500, error);

    // The round says it failed (the scheduler logs it) and changes nothing.
    await expect(sweepStaleCheckouts(app)).rejects.toThrow(/could not be settled/);
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    await sweepStaleCheckouts(app);
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
  });

  it('a checkout within its life is not asked about, and one paid by a delayed method stays pending', async () => {
    const { auth } = await signedIn(app);
    const recent = (await startCheckout(app, auth, 'gold')).session_id;
    const delayed = (await startCheckout(app, auth, 'silver')).session_id;
    await age(app, (await purchaseOf(app, delayed)).id, LONG_AGO_MS);
    fake.completeSession(delayed, 'unpaid');
    const before = sessionRequests(fake, recent).length;

    await sweepStaleCheckouts(app);
    expect(sessionRequests(fake, recent)).toHaveLength(before);
    expect((await purchaseOf(app, recent)).status).toBe('pending');
    // Complete but unpaid: the bank transfer is under way, and Stripe will say how it ends.
    expect((await purchaseOf(app, delayed)).status).toBe('pending');
    expect(fake.sessions.get(delayed)?.status).toBe('complete');
  });

  it('dev checkouts left from before Stripe was configured expire too', async () => {
    const buyer = await signedIn(app);
    const purchase = await insertPurchase(app.ctx.db, {
      userId: buyer.user.id,
      provider: 'dev',
      providerSessionId: 'dev_cs_left_behind',
      planId: 'bronze',
      coins: 20,
      bonusCoins: 0,
      totalCoins: 20,
      amountCents: 199,
      currency: 'usd',
    });
    await age(app, purchase.id, LONG_AGO_MS);
    await sweepStaleCheckouts(app);
    expect((await purchaseOf(app, 'dev_cs_left_behind')).status).toBe('expired');
    expect(await listedStatus(app, buyer.auth, purchase.id)).toBe('expired');
  });

  it('a checkout whose session was never opened (the server stopped midway) expires after a day', async () => {
    const buyer = await signedIn(app);
    const id = crypto.randomUUID();
    await insertPurchase(app.ctx.db, {
      id,
      userId: buyer.user.id,
      provider: 'stripe',
      providerSessionId: `pending:${id}`,
      planId: 'gold',
      coins: 100,
      bonusCoins: 0,
      totalCoins: 100,
      amountCents: 999,
      currency: 'usd',
    });
    await age(app, id, LONG_AGO_MS);
    await sweepStaleCheckouts(app);
    expect((await purchaseOf(app, `pending:${id}`)).status).toBe('expired');
  });
});

describe('dev checkout left open: nothing reads "Pending" past its life, sweep or no sweep', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ build: { sweeps: false } });
  });
  afterEach(() => expectInvariants(app));
  afterAll(() => app.teardown());

  it('Transactions lists an abandoned dev checkout as expired before any sweep has run', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'gold');
    const purchase = await purchaseOf(app, sessionId);
    await age(app, purchase.id, LONG_AGO_MS);
    expect(await listedStatus(app, buyer.auth, purchase.id)).toBe('expired');
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
  });

  it('its checkout page says it has expired instead of offering Pay', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'silver');
    await age(app, (await purchaseOf(app, sessionId)).id, LONG_AGO_MS);
    const page = await app.inject({
      method: 'GET',
      url: `${API}/payments/dev-checkout/${encodeURIComponent(sessionId)}`,
      headers: buyer.auth,
    });
    expect(page.json()).toMatchObject({ payment_status: 'expired' });
  });

  it('the scheduled sweep expires it for a buyer who never comes back', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'bronze');
    await age(app, (await purchaseOf(app, sessionId)).id, LONG_AGO_MS);
    expect(await sweepStaleCheckouts(app)).toBe(1);
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
  });
});
