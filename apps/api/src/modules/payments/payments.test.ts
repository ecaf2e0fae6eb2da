import type { CheckoutSession, DevCheckout, LedgerList, PlansResponse, TransactionList } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { purchases } from '../../db/schema.js';
import { devCheckoutEvent } from './dev-checkout.service.js';
import {
  accountOf,
  checkoutStatusCall,
  createCheckoutCall,
  devAction,
  devPage,
  devSignature,
  eventRows,
  ledgerRows,
  postWebhook,
  purchaseOf,
  startCheckout,
  statusOf,
} from '../../../test/payments-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

describe('GET /api/v1/payments/plans', () => {
  it('answers the four bundles of product.md §9 and the dev provider, to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: `${API}/payments/plans` });
    expect(res.statusCode).toBe(200);
    const body = res.json<PlansResponse>();
    expect(body.provider).toBe('dev');
    expect(body.publishable_key).toBeNull();
    expect(body.plans).toEqual({
      bronze: { name: 'Bronze', coins: 100, bonus_coins: 0, price: 4.99, currency: 'usd', plan_id: 'bronze_plan' },
      silver: { name: 'Silver', coins: 300, bonus_coins: 30, price: 12.99, currency: 'usd', plan_id: 'silver_plan' },
      gold: { name: 'Gold', coins: 800, bonus_coins: 120, price: 29.99, currency: 'usd', plan_id: 'gold_plan' },
      whale: { name: 'Whale', coins: 2000, bonus_coins: 400, price: 69.99, currency: 'usd', plan_id: 'whale_plan' },
    });
  });
});

describe('POST /api/v1/payments/create-checkout-session', () => {
  it('needs a signed-in user with a verified address', async () => {
    expect((await createCheckoutCall(app, {})).statusCode).toBe(401);
    const unverified = await signedIn(app, { verified: false });
    const res = await createCheckoutCall(app, unverified.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await app.ctx.db.select().from(purchases)).toHaveLength(0);
  });

  it('refuses an unknown plan, a suffixed id and a client-chosen price with 422 and the payments text', async () => {
    const buyer = await signedIn(app);
    for (const plan of ['diamond', 'gold_plan', '', 42, null]) {
      const res = await createCheckoutCall(app, buyer.auth, plan);
      expect(res.statusCode, String(plan)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBe('Payment validation failed. Please check your details.');
    }
    const withPrice = await app.inject({
      method: 'POST',
      url: `${API}/payments/create-checkout-session`,
      headers: buyer.auth,
      payload: { plan_id: 'bronze', price: 0.01, coins: 100000, amount: 1 },
    });
    expect(withPrice.statusCode).toBe(200);
    const purchase = await purchaseOf(app, withPrice.json<CheckoutSession>().session_id);
    expect(purchase).toMatchObject({ planId: 'bronze', totalCoins: 100, amountCents: 499, status: 'pending' });
  });

  it('opens a pending purchase priced from our table and answers Kettle’s own checkout page', async () => {
    const buyer = await signedIn(app);
    const session = await startCheckout(app, buyer.auth, 'gold');
    expect(session.session_id).toMatch(/^dev_cs_[\w-]{20,}$/);
    expect(session.url).toBe(`http://kettle.test/checkout/dev/${session.session_id}`);
    const purchase = await purchaseOf(app, session.session_id);
    expect(purchase).toMatchObject({
      userId: buyer.user.id,
      provider: 'dev',
      planId: 'gold',
      coins: 800,
      bonusCoins: 120,
      totalCoins: 920,
      amountCents: 2999,
      currency: 'usd',
      status: 'pending',
      coinsReversed: 0,
    });
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('allows 10 checkouts per user in 10 minutes, then 429 with Retry-After', async () => {
    const buyer = await signedIn(app);
    for (let i = 0; i < 10; i += 1) expect((await createCheckoutCall(app, buyer.auth, 'bronze')).statusCode).toBe(200);
    const limited = await createCheckoutCall(app, buyer.auth, 'bronze');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string; code: string }>()).toEqual({
      detail: 'Too many payment requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's budget is their own.
    const other = await signedIn(app);
    expect((await createCheckoutCall(app, other.auth, 'bronze')).statusCode).toBe(200);
  });
});

describe('dev checkout', () => {
  it('shows the bundle, then Pay credits the gold bundle once (920 coins) through a signed notification', async () => {
    const buyer = await signedIn(app, { coins: 30 });
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'gold');

    const page = await devPage(app, buyer.auth, sessionId);
    expect(page.statusCode).toBe(200);
    expect(page.json<DevCheckout>()).toEqual({
      session_id: sessionId,
      plan: { name: 'Gold', coins: 800, bonus_coins: 120, price: 29.99, currency: 'usd', plan_id: 'gold_plan' },
      total_coins: 920,
      payment_status: 'pending',
      success_url: `http://kettle.test/payment/success?session_id=${sessionId}`,
      cancel_url: 'http://kettle.test/payment/cancelled?plan=gold',
    });

    const paid = await devAction(app, buyer.auth, sessionId, 'pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `http://kettle.test/payment/success?session_id=${sessionId}` });
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 950, debt: 0 });

    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('succeeded');
    expect(purchase.paymentIntentId).toMatch(/^pi_dev_/);
    expect(purchase.completedAt).not.toBeNull();
    const credits = await ledgerRows(app, buyer.user.id, 'purchase');
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      delta: 920,
      balanceAfter: 950,
      reason: 'Bought the Gold bundle (800 + 120 bonus coins)',
      referenceType: 'purchase',
      referenceId: purchase.id,
    });

    // The success page reads it; a second Pay is a conflict and credits nothing.
    const status = await checkoutStatusCall(app, buyer.auth, sessionId);
    expect(statusOf(status)).toEqual({
      session_id: sessionId,
      payment_status: 'succeeded',
      plan_id: 'gold',
      total_coins: 920,
      coin_balance: 950,
    });
    const again = await devAction(app, buyer.auth, sessionId, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe('Payment conflict. Operation already in progress.');
    expect(await ledgerRows(app, buyer.user.id, 'purchase')).toHaveLength(1);
  });

  it('credits once when Pay is pressed ten times at once', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'silver');
    const results = await Promise.all(Array.from({ length: 10 }, () => devAction(app, buyer.auth, sessionId, 'pay')));
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 330, debt: 0 });
    expect(await ledgerRows(app, buyer.user.id, 'purchase')).toHaveLength(1);
  });

  it('Decline marks the purchase failed and credits nothing; an abandoned checkout stays pending within its life', async () => {
    const buyer = await signedIn(app);
    const declined = await startCheckout(app, buyer.auth, 'whale');
    const res = await devAction(app, buyer.auth, declined.session_id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect_url: `http://kettle.test/payment/failed?session_id=${declined.session_id}&plan=whale`,
    });
    expect((await purchaseOf(app, declined.session_id)).status).toBe('failed');
    expect((await devAction(app, buyer.auth, declined.session_id, 'pay')).statusCode).toBe(409);

    const abandoned = await startCheckout(app, buyer.auth, 'bronze');
    expect((await purchaseOf(app, abandoned.session_id)).status).toBe('pending');
    expect(statusOf(await checkoutStatusCall(app, buyer.auth, abandoned.session_id)).payment_status).toBe('pending');
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await ledgerRows(app, buyer.user.id, 'purchase')).toHaveLength(0);
  });

  it("does not let another user see, pay or poll someone's session (404 as for an unknown one)", async () => {
    const owner = await signedIn(app);
    const intruder = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, owner.auth, 'gold');
    for (const res of [
      await devPage(app, intruder.auth, sessionId),
      await devAction(app, intruder.auth, sessionId, 'pay'),
      await checkoutStatusCall(app, intruder.auth, sessionId),
      await devPage(app, owner.auth, 'dev_cs_unknown'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe('Payment resource not found.');
    }
    expect((await devPage(app, {}, sessionId)).statusCode).toBe(401);
    expect((await devAction(app, owner.auth, sessionId, 'refund')).statusCode).toBe(422);
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    expect(await accountOf(app, intruder.user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await accountOf(app, owner.user.id)).toEqual({ balance: 0, debt: 0 });
  });
});

describe('POST /api/v1/payments/webhook with the dev provider', () => {
  it('accepts a notification signed with the server key, once per event id', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'bronze');
    const event = devCheckoutEvent(await purchaseOf(app, sessionId), 'pay');
    const payload = JSON.stringify(event);
    const first = await postWebhook(app, payload, devSignature(app, payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const repeat = await postWebhook(app, payload, devSignature(app, payload));
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    expect(await eventRows(app, event.id)).toHaveLength(1);
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 100, debt: 0 });
  });

  const flipDigit = (_match: string, digit: string) => `v1=${digit === '0' ? '1' : '0'}`;

  it('refuses a missing, forged, stale or Stripe-style signature and an altered body with 400, no coins', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'bronze');
    const event = devCheckoutEvent(await purchaseOf(app, sessionId), 'pay');
    const payload = JSON.stringify(event);
    const altered = payload.replace('"amount_total":499', '"amount_total":1');
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const [payloadSent, headers] of [
      [payload, {}],
      [payload, { 'kettle-signature': 't=1,v1=00' }],
      // One hex digit changed (to another digit: '0' for '0' would leave the signature valid).
      [payload, { 'kettle-signature': devSignature(app, payload)['kettle-signature'].replace(/v1=(.)/, flipDigit) }],
      [payload, devSignature(app, payload, stale)],
      [payload, { 'stripe-signature': devSignature(app, payload)['kettle-signature'] }],
      [altered, devSignature(app, payload)],
      [JSON.stringify(JSON.parse(payload), null, 2), devSignature(app, payload)],
    ] as Array<[string, Record<string, string>]>) {
      const res = await postWebhook(app, payloadSent, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Invalid payment request. Please check your information.',
        code: 'INVALID_SIGNATURE',
      });
    }
    expect(await eventRows(app, event.id)).toHaveLength(0);
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('refuses a signed body that is not an event', async () => {
    const payload = JSON.stringify({ hello: 'world' });
    const res = await postWebhook(app, payload, devSignature(app, payload));
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/v1/payments/transactions', () => {
  it("lists the caller's purchases newest first with every field of product.md §3, 10 a page", async () => {
    const buyer = await signedIn(app);
    const stranger = await signedIn(app);
    await startCheckout(app, stranger.auth, 'whale');
    const sessions: string[] = [];
    for (const plan of ['bronze', 'silver', 'gold', 'whale', 'bronze', 'silver', 'gold', 'whale', 'bronze', 'silver']) {
      sessions.push((await startCheckout(app, buyer.auth, plan)).session_id);
    }
    // Ten calls spent the rate budget; the eleventh purchase goes straight into the table.
    const [extra] = await app.ctx.db
      .insert(purchases)
      .values({
        userId: buyer.user.id,
        provider: 'dev',
        providerSessionId: 'dev_cs_inserted_by_test',
        planId: 'gold',
        coins: 800,
        bonusCoins: 120,
        totalCoins: 920,
        amountCents: 2999,
        currency: 'usd',
        createdAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await devAction(app, buyer.auth, sessions[2] ?? '', 'pay');
    await devAction(app, buyer.auth, sessions[3] ?? '', 'decline');

    const first = await app.inject({ method: 'GET', url: `${API}/payments/transactions`, headers: buyer.auth });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<TransactionList>();
    expect(page1.metadata).toEqual({ total_elements: 11, skip: 0, limit: 10 });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]?.id).toBe(extra?.id);
    const created = page1.data.map((t) => t.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const gold = await purchaseOf(app, sessions[2] ?? '');
    const goldTx = page1.data.find((t) => t.id === gold.id);
    expect(goldTx).toEqual({
      id: gold.id,
      amount: '29.99',
      currency: 'usd',
      coins_purchased: 800,
      bonus_coins: 120,
      total_coins: 920,
      plan_id: 'gold',
      payment_status: 'succeeded',
      stripe_payment_intent_id: gold.paymentIntentId,
      stripe_created_at: gold.providerCreatedAt?.toISOString(),
      created_at: gold.createdAt.toISOString(),
      completed_at: gold.completedAt?.toISOString(),
      transaction_metadata: { plan_name: 'Gold', provider: 'dev', coins_reversed: 0 },
    });
    const statuses = page1.data.map((t) => t.payment_status);
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'failed')).toHaveLength(1);
    expect(page1.data.find((t) => t.amount === '4.99')).toMatchObject({ bonus_coins: 0, total_coins: 100 });

    const second = await app.inject({
      method: 'GET',
      url: `${API}/payments/transactions?skip=10&limit=10`,
      headers: buyer.auth,
    });
    const page2 = second.json<TransactionList>();
    expect(page2.metadata).toEqual({ total_elements: 11, skip: 10, limit: 10 });
    expect(page2.data).toHaveLength(1);
    const seen = new Set([...page1.data, ...page2.data].map((t) => t.id));
    expect(seen.size).toBe(11);

    expect((await app.inject({ method: 'GET', url: `${API}/payments/transactions` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: `${API}/payments/transactions?limit=101`, headers: buyer.auth }))
        .statusCode,
    ).toBe(422);
  });
});

describe('GET /api/v1/coins/ledger', () => {
  it("pages the caller's own ledger newest first, with reasons and nothing of other users", async () => {
    const buyer = await signedIn(app, { coins: 5 });
    const other = await signedIn(app, { coins: 70 });
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'bronze');
    await devAction(app, buyer.auth, sessionId, 'pay');
    await app.inject({ method: 'POST', url: `${API}/coins/daily-drop`, headers: buyer.auth });

    const res = await app.inject({ method: 'GET', url: `${API}/coins/ledger?limit=2`, headers: buyer.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json<LedgerList>();
    expect(body.metadata).toEqual({ total_elements: 3, skip: 0, limit: 2 });
    expect(body.data.map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['daily_drop', 10, 115],
      ['purchase', 100, 105],
    ]);
    expect(body.data[1]?.reason).toBe('Bought the Bronze bundle (100 coins)');
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual([
      'balance_after',
      'created_at',
      'delta',
      'id',
      'kind',
      'reason',
    ]);

    const rest = await app.inject({ method: 'GET', url: `${API}/coins/ledger?skip=2&limit=2`, headers: buyer.auth });
    expect(rest.json<LedgerList>().data.map((e) => [e.kind, e.delta])).toEqual([['demo_grant', 5]]);
    const others = await app.inject({ method: 'GET', url: `${API}/coins/ledger`, headers: other.auth });
    expect(others.json<LedgerList>().data.map((e) => e.delta)).toEqual([70]);
    expect((await app.inject({ method: 'GET', url: `${API}/coins/ledger` })).statusCode).toBe(401);
  });
});
