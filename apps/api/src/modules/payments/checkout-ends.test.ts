import type { DevCheckout, Transaction, TransactionList } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import { eq } from 'drizzle-orm';
import { purchases } from '../../db/schema.js';
import { devCheckoutEvent } from './dev-checkout.service.js';
import { DEV_CHECKOUT_LIFETIME_MS, expireAbandonedDevCheckouts } from './dev-expiry.js';
import type { FakeStripe } from '../../../test/fake-stripe.js';
import {
  accountOf,
  checkoutStatusCall,
  devAction,
  devPage,
  devSignature,
  ledgerRows,
  postWebhook,
  purchaseOf,
  startCheckout,
  statusOf,
  deliverStripeEvent,
  useStripeApp,
} from '../../../test/payments-kit.js';

/** The purchase as Transactions lists it to its owner. */
async function listed(app: TestApp, auth: Auth, purchaseId: string): Promise<Transaction | undefined> {
  const res = await app.inject({ method: 'GET', url: `${API}/payments/transactions?limit=100`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<TransactionList>().data.find((t) => t.id === purchaseId);
}

const closed = (how: string) => ({
  code: 'CHECKOUT_CLOSED',
  detail: `This checkout ${how} and can no longer be paid. Nothing was charged. Start a new checkout to buy coins.`,
});

describe('dev checkout: Cancel and Decline end the purchase at once', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterEach(() => expectInvariants(app));
  afterAll(() => app.teardown());

  it('Cancel marks it cancelled, Transactions lists it so, and Pay afterwards is refused and credits nothing', async () => {
    const buyer = await signedIn(app, { coins: 5 });
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'gold');
    const page = (await devPage(app, buyer.auth, sessionId)).json<DevCheckout>();
    expect(page.cancel_url).toBe('http://kettle.test/payment/cancelled?plan=gold');

    const cancel = await devAction(app, buyer.auth, sessionId, 'cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ redirect_url: 'http://kettle.test/payment/cancelled?plan=gold' });
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('cancelled');
    expect(purchase.completedAt).not.toBeNull();
    expect(await listed(app, buyer.auth, purchase.id)).toMatchObject({ payment_status: 'cancelled', plan_id: 'gold' });
    expect(statusOf(await checkoutStatusCall(app, buyer.auth, sessionId)).payment_status).toBe('cancelled');

    for (const action of ['pay', 'decline', 'cancel']) {
      const late = await devAction(app, buyer.auth, sessionId, action);
      expect(late.statusCode, action).toBe(409);
      expect(late.json()).toEqual(closed('was cancelled'));
    }
    expect((await purchaseOf(app, sessionId)).status).toBe('cancelled');
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 5, debt: 0 });
    expect(await ledgerRows(app, buyer.user.id, 'purchase')).toHaveLength(0);
  });

  it('Decline marks it failed, sends the buyer to the failure page, and Pay afterwards is refused', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'whale');
    const decline = await devAction(app, buyer.auth, sessionId, 'decline');
    expect(decline.statusCode).toBe(200);
    expect(decline.json()).toEqual({
      redirect_url: `http://kettle.test/payment/failed?session_id=${sessionId}&plan=whale`,
    });
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('failed');
    expect(await listed(app, buyer.auth, purchase.id)).toMatchObject({ payment_status: 'failed' });

    const pay = await devAction(app, buyer.auth, sessionId, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual(closed('was declined'));
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('a signed paid notification arriving after Cancel credits nothing and is kept on the row for a refund', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'silver');
    const pending = await purchaseOf(app, sessionId);
    const paid = devCheckoutEvent(pending, 'pay');
    expect((await devAction(app, buyer.auth, sessionId, 'cancel')).statusCode).toBe(200);

    const payload = JSON.stringify(paid);
    const late = await postWebhook(app, payload, devSignature(app, payload));
    expect(late.statusCode).toBe(200);
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('cancelled');
    expect(purchase.paymentIntentId).toBe(paid.data.object.payment_intent);
    expect(purchase.metadata).toMatchObject({
      late_payment: { payment_intent: paid.data.object.payment_intent, reported_by: paid.id },
    });
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await ledgerRows(app, buyer.user.id, 'purchase')).toHaveLength(0);
  });

  it('Pay and Cancel pressed together: one wins, the other is refused, coins match the winner', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'bronze');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => devAction(app, buyer.auth, sessionId, i % 2 ? 'pay' : 'cancel')),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const { status } = await purchaseOf(app, sessionId);
    expect(['succeeded', 'cancelled']).toContain(status);
    const winner = status === 'succeeded' ? 'pay' : 'cancel';
    results.forEach((r, i) => {
      const action = i % 2 ? 'pay' : 'cancel';
      if (action !== winner) expect(r.statusCode, action).toBe(409);
    });
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: status === 'succeeded' ? 100 : 0, debt: 0 });
  });
});

describe('dev checkout: one left untouched expires after a day, as a Stripe session does', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterEach(() => expectInvariants(app));
  afterAll(() => app.teardown());

  const age = async (sessionId: string, ms: number) => {
    await app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(purchases.providerSessionId, sessionId));
  };

  it('the sweep expires pending dev checkouts older than a day, and only those', async () => {
    const buyer = await signedIn(app);
    const old = (await startCheckout(app, buyer.auth, 'gold')).session_id;
    const recent = (await startCheckout(app, buyer.auth, 'bronze')).session_id;
    const paid = (await startCheckout(app, buyer.auth, 'silver')).session_id;
    expect((await devAction(app, buyer.auth, paid, 'pay')).statusCode).toBe(200);
    await age(old, DEV_CHECKOUT_LIFETIME_MS + 60_000);
    await age(paid, DEV_CHECKOUT_LIFETIME_MS + 60_000);
    await age(recent, DEV_CHECKOUT_LIFETIME_MS - 60_000);

    expect(await expireAbandonedDevCheckouts(app.ctx.db)).toBe(1);
    expect((await purchaseOf(app, old)).status).toBe('expired');
    expect(await listed(app, buyer.auth, (await purchaseOf(app, old)).id)).toMatchObject({ payment_status: 'expired' });
    expect((await purchaseOf(app, recent)).status).toBe('pending');
    expect((await purchaseOf(app, paid)).status).toBe('succeeded');
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 330, debt: 0 });
  });

  it('Pay on a checkout past its lifetime is refused as expired before any sweep, and credits nothing', async () => {
    const buyer = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, buyer.auth, 'whale');
    await age(sessionId, DEV_CHECKOUT_LIFETIME_MS + 1_000);
    const pay = await devAction(app, buyer.auth, sessionId, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual(closed('has expired'));
    expect((await purchaseOf(app, sessionId)).status).toBe('expired');
    expect(await accountOf(app, buyer.user.id)).toEqual({ balance: 0, debt: 0 });
  });
});

describe('Stripe: expired and failed sessions end the purchase at once', () => {
  let fake: FakeStripe;
  let app: TestApp;
  useStripeApp((made) => {
    ({ fake, app } = made);
  });

  const deliver = (type: string, object: Record<string, unknown>) => deliverStripeEvent(app, fake, type, object);

  it('checkout.session.expired marks it expired and Transactions lists it so', async () => {
    const { auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'gold');
    expect((await deliver('checkout.session.expired', fake.expireSession(sessionId))).statusCode).toBe(200);
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('expired');
    expect(await listed(app, auth, purchase.id)).toMatchObject({ payment_status: 'expired' });
  });

  it('checkout.session.async_payment_failed marks it failed and Transactions lists it so', async () => {
    const { auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'silver');
    await deliver('checkout.session.completed', fake.completeSession(sessionId, 'unpaid'));
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    expect(
      (await deliver('checkout.session.async_payment_failed', fake.sessions.get(sessionId) ?? {})).statusCode,
    ).toBe(200);
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.status).toBe('failed');
    expect(await listed(app, auth, purchase.id)).toMatchObject({ payment_status: 'failed' });
  });

  it('the success page marks a session Stripe has expired as expired', async () => {
    const { auth } = await signedIn(app);
    const { session_id: sessionId } = await startCheckout(app, auth, 'bronze');
    fake.expireSession(sessionId);
    expect(statusOf(await checkoutStatusCall(app, auth, sessionId)).payment_status).toBe('expired');
  });

  it('a late completed or async success for an expired or failed session credits nothing, and records the payment', async () => {
    const { user, auth } = await signedIn(app);
    const expired = (await startCheckout(app, auth, 'gold')).session_id;
    await deliver('checkout.session.expired', fake.expireSession(expired));
    const failed = (await startCheckout(app, auth, 'whale')).session_id;
    await deliver('checkout.session.async_payment_failed', fake.completeSession(failed, 'unpaid'));

    for (const sessionId of [expired, failed]) {
      const paid = fake.completeSession(sessionId);
      for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
        expect((await deliver(type, paid)).statusCode, type).toBe(200);
      }
      const purchase = await purchaseOf(app, sessionId);
      expect(purchase.status).not.toBe('succeeded');
      expect(purchase.paymentIntentId).toBe(paid.payment_intent);
      expect(purchase.metadata).toMatchObject({ late_payment: { payment_intent: paid.payment_intent } });
      expect(statusOf(await checkoutStatusCall(app, auth, sessionId)).payment_status).toBe(purchase.status);
    }
    expect((await purchaseOf(app, expired)).status).toBe('expired');
    expect((await purchaseOf(app, failed)).status).toBe('failed');
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(0);
  });
});
