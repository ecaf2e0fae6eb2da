import type { PlansResponse } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { signedIn } from '../../../test/posts-kit.js';
import type { FakeStripe } from '../../../test/fake-stripe.js';
import {
  PUBLISHABLE_KEY,
  SECRET_KEY,
  accountOf,
  createCheckoutCall,
  devAction,
  devPage,
  postWebhook,
  purchaseOf,
  startCheckout,
  stripeSignature,
  useStripeApp,
} from '../../../test/payments-kit.js';

let fake: FakeStripe;
let app: TestApp;
useStripeApp(
  (made) => {
    ({ fake, app } = made);
  },
  (stripe) => {
    stripe.addPrice('price_test_gold', 2999);
    stripe.addPrice('price_test_silver_wrong', 999);
    return {
      STRIPE_PRICE_GOLD: 'price_test_gold',
      STRIPE_PRICE_SILVER: 'price_test_silver_wrong',
      STRIPE_PRICE_WHALE: 'price_test_missing',
    };
  },
);

const sessionCreates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('Stripe checkout sessions', () => {
  it('announces Stripe and its publishable key with the plans', async () => {
    const body = (await app.inject({ method: 'GET', url: `${API}/payments/plans` })).json<PlansResponse>();
    expect(body.provider).toBe('stripe');
    expect(body.publishable_key).toBe(PUBLISHABLE_KEY);
    expect(body.plans.gold).toMatchObject({ coins: 800, bonus_coins: 120, price: 29.99 });
  });

  it('opens a payment-mode session priced from our table, keyed by the purchase id', async () => {
    const { user, auth } = await signedIn(app);
    const before = sessionCreates().length;
    const res = await createCheckoutCall(app, auth, 'bronze');
    expect(res.statusCode).toBe(200);
    const { session_id: sessionId, url } = res.json<{ session_id: string; url: string }>();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const purchase = await purchaseOf(app, sessionId);
    expect(purchase).toMatchObject({ provider: 'stripe', planId: 'bronze', amountCents: 499, status: 'pending' });
    expect(purchase.providerCreatedAt).not.toBeNull();

    const calls = sessionCreates().slice(before);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call?.idempotencyKey).toBe(purchase.id);
    expect(call?.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '499',
            product_data: { name: 'Bronze bundle: 100 Tea Coins' },
          },
        },
      ],
      client_reference_id: purchase.id,
      metadata: { purchase_id: purchase.id, user_id: user.id, plan: 'bronze' },
      payment_intent_data: { metadata: { purchase_id: purchase.id, user_id: user.id, plan: 'bronze' } },
      success_url: 'http://kettle.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://kettle.test/payment/cancelled?plan=bronze',
    });
  });

  it('uses a configured Stripe price id, and still refuses a price that is not ours when it is paid', async () => {
    const { user, auth } = await signedIn(app);
    const gold = await startCheckout(app, auth, 'gold');
    const [goldCall] = sessionCreates().slice(-1);
    expect(goldCall?.body.line_items).toEqual([{ price: 'price_test_gold', quantity: '1' }]);
    const goldPaid = fake.eventPayload('checkout.session.completed', fake.completeSession(gold.session_id));
    expect((await postWebhook(app, goldPaid, stripeSignature(goldPaid))).statusCode).toBe(200);

    // A misconfigured price (9.99 for the 12.99 bundle) is caught when the money comes in.
    const silver = await startCheckout(app, auth, 'silver');
    const silverPaid = fake.eventPayload('checkout.session.completed', fake.completeSession(silver.session_id));
    const refused = await postWebhook(app, silverPaid, stripeSignature(silverPaid));
    expect(refused.statusCode).toBe(400);
    expect((await purchaseOf(app, silver.session_id)).status).toBe('pending');
    expect((await purchaseOf(app, gold.session_id)).status).toBe('succeeded');
    expect(await accountOf(app, user.id)).toEqual({ balance: 920, debt: 0 });
  });

  it('answers 502 with the payments text when Stripe refuses, and records the attempt as failed', async () => {
    const { user, auth } = await signedIn(app);
    const res = await createCheckoutCall(app, auth, 'whale');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: 'Payment server error. Please try again later.',
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    const history = await app.inject({ method: 'GET', url: `${API}/payments/transactions`, headers: auth });
    expect(history.json<{ data: Array<{ plan_id: string; payment_status: string }> }>().data).toMatchObject([
      { plan_id: 'whale', payment_status: 'failed' },
    ]);
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('retries a lost answer with the same idempotency key: one session for one purchase (security.md S6)', async () => {
    const { auth } = await signedIn(app);
    const before = sessionCreates().length;
    const sessionsBefore = fake.sessions.size;
    fake.dropNextResponse('POST', /^\/v1\/checkout\/sessions$/);
    const session = await startCheckout(app, auth, 'bronze');
    const calls = sessionCreates().slice(before);
    expect(calls.length).toBe(2);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(calls[0]?.idempotencyKey).toBe((await purchaseOf(app, session.session_id)).id);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
  });

  it('has no dev checkout while Stripe is the provider', async () => {
    const { auth } = await signedIn(app);
    const session = await startCheckout(app, auth, 'bronze');
    expect((await devPage(app, auth, session.session_id)).statusCode).toBe(404);
    expect((await devAction(app, auth, session.session_id, 'pay')).statusCode).toBe(404);
    expect((await purchaseOf(app, session.session_id)).status).toBe('pending');
  });
});
