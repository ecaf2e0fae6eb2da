import {
  PAYMENT_STATUS_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type CheckoutSession,
  type InvoicePreview,
  type Subscription,
  type SubscriptionHistory,
  type SubscriptionPlansResponse,
  type SubscriptionUsage,
  type WebhookStatus,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { expectInvariants } from '../../../test/invariants.js';
import { balanceOf, signedIn, type Auth } from '../../../test/posts-kit.js';
import { paymentCustomers, paymentEvents, subscriptions } from '../../db/schema.js';
import { spendCoins } from '../coins/coins.service.js';
import { stripeLookupKey } from './plans.js';
import { handleSubscriptionEvent } from './subscription-events.js';
import {
  deliver,
  grantLedgerOf,
  grantsOfUser,
  subscriptionCall,
  subscriptionRowsOf,
} from '../../../test/subscriptions-kit.js';
import { startFakeStripe, type FakeStripe, type StripeEventJson } from '../../../test/fake-stripe.js';

let fake: FakeStripe;
let app: TestApp;
const WEBHOOK_SECRET = 'whsec_test_kettle_subscriptions';
const stripeEnv = (url: string, extra: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY: 'sk_test_kettle_subscriptions',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: url,
  ...extra,
});
beforeAll(async () => {
  fake = await startFakeStripe();
  app = await createTestApp({ env: stripeEnv(fake.url) });
});
afterEach(() => expectInvariants(app));
afterAll(async () => {
  await app.teardown();
  await fake.close();
});

const call = (auth: Auth, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  subscriptionCall(app, auth, method, path, payload);
const requestsTo = (method: string, path: string | RegExp) =>
  fake.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
const eventOf = (events: StripeEventJson[], type: string) => {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} event`);
  return found;
};
const deliverAll = async (events: StripeEventJson[]) => {
  for (const event of events) await deliver(app, event);
};

async function checkout(auth: Auth, priceId = 'sip_monthly'): Promise<CheckoutSession> {
  const res = await call(auth, 'POST', '/checkout', { price_id: priceId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutSession>();
}

/** Subscribed through Stripe Checkout, with every event of the first month delivered. */
async function subscriber(priceId = 'sip_monthly', coins = 0) {
  const who = await signedIn(app, { coins });
  const session = await checkout(who.auth, priceId);
  const paid = fake.completeCheckout(session.session_id);
  await deliverAll(paid.events);
  return { ...who, subscriptionId: String(paid.subscription.id), paid };
}

describe('Stripe: subscribing', () => {
  it('lists the plans with Stripe as the provider', async () => {
    const user = await signedIn(app);
    expect((await call(user.auth, 'GET', '/plans')).json<SubscriptionPlansResponse>()).toEqual({
      plans: Object.values(SUBSCRIPTION_PLANS),
      provider: 'stripe',
    });
  });

  it('opens a Checkout session in subscription mode for our price, with a customer made once', async () => {
    const user = await signedIn(app);
    const session = await checkout(user.auth, 'brew_monthly');
    expect(session.session_id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.session_id}`);

    const [customerRow] = await app.ctx.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, user.user.id));
    expect(customerRow).toMatchObject({ provider: 'stripe' });
    const created = requestsTo('POST', '/v1/customers').filter(
      (r) => r.idempotencyKey === `kettle-customer-${user.user.id}`,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ email: user.user.email, metadata: { kettle_user_id: user.user.id } });

    const sessionRequest = requestsTo('POST', '/v1/checkout/sessions').at(-1);
    expect(sessionRequest?.idempotencyKey).toMatch(/^kettle-subscription-checkout-/);
    const priceId = (sessionRequest?.body.line_items as Array<{ price: string }>)[0]?.price;
    expect(sessionRequest?.body).toMatchObject({
      mode: 'subscription',
      customer: customerRow?.customerId,
      client_reference_id: user.user.id,
      line_items: [{ price: priceId, quantity: '1' }],
      subscription_data: {
        metadata: { kettle_user_id: user.user.id, kettle_plan: 'brew', kettle_kind: 'subscription' },
      },
      success_url: 'http://kettle.test/account?subscription=success#subscription',
      cancel_url: 'http://kettle.test/account?subscription=cancelled#subscription',
    });
    // The plan's price was made once, by lookup key, and is reused.
    const priceCreates = requestsTo('POST', '/v1/prices').filter(
      (r) => r.body.lookup_key === stripeLookupKey(SUBSCRIPTION_PLANS.brew),
    );
    expect(priceCreates).toHaveLength(1);
    expect(priceCreates[0]?.body).toMatchObject({
      unit_amount: '1999',
      currency: 'usd',
      recurring: { interval: 'month' },
    });

    await checkout(user.auth, 'brew_monthly');
    expect(
      requestsTo('POST', '/v1/customers').filter((r) => r.idempotencyKey === `kettle-customer-${user.user.id}`),
    ).toHaveLength(1);
    expect(
      requestsTo('POST', '/v1/prices').filter((r) => r.body.lookup_key === stripeLookupKey(SUBSCRIPTION_PLANS.brew)),
    ).toHaveLength(1);
    // Nothing is current until Stripe says it was paid.
    expect((await call(user.auth, 'GET', '')).json()).toBeNull();
  });

  it('starts the subscription and credits the first month when invoice.paid arrives', async () => {
    const user = await subscriber('brew_monthly', 3);
    const current = await call(user.auth, 'GET', '');
    expect(current.json<Subscription>()).toMatchObject({
      provider: 'stripe',
      plan: SUBSCRIPTION_PLANS.brew,
      status: 'active',
      cancel_at_period_end: false,
      coupon_code: null,
    });
    const item = (
      user.paid.subscription.items as { data: Array<{ current_period_start: number; current_period_end: number }> }
    ).data[0];
    expect(current.json<Subscription>().current_period_start).toBe(
      new Date((item?.current_period_start ?? 0) * 1000).toISOString(),
    );
    expect(current.json<Subscription>().current_period_end).toBe(
      new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
    );
    expect(await balanceOf(app, user.user.id)).toBe(1203);
    expect(await grantsOfUser(app, user.user.id)).toMatchObject([
      { providerInvoiceId: user.paid.invoice.id, coins: 1200, amountCents: 1999, currency: 'usd' },
    ]);
    const again = await call(user.auth, 'POST', '/checkout', { price_id: 'sip_monthly' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
  });

  it('credits a paid month once when invoice.paid comes 5 times in a row and 5 times at once', async () => {
    const user = await subscriber('sip_monthly');
    const paid = eventOf(user.paid.events, 'invoice.paid');
    for (let i = 0; i < 5; i += 1) await deliver(app, paid);
    await Promise.all(Array.from({ length: 5 }, () => deliver(app, paid)));
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect(await grantLedgerOf(app, user.user.id)).toHaveLength(1);
  });

  it('creates the row from invoice.paid alone when it beats the subscription events, even racing itself', async () => {
    const user = await signedIn(app);
    const session = await checkout(user.auth, 'pot_monthly');
    const paid = fake.completeCheckout(session.session_id);
    const invoicePaid = eventOf(paid.events, 'invoice.paid');
    await Promise.all(Array.from({ length: 5 }, () => deliver(app, invoicePaid)));
    expect(await subscriptionRowsOf(app, user.user.id)).toMatchObject([
      { providerSubscriptionId: paid.subscription.id, planId: 'pot', status: 'active' },
    ]);
    expect(await balanceOf(app, user.user.id)).toBe(3000);
    await deliver(app, eventOf(paid.events, 'customer.subscription.created'));
    expect(await subscriptionRowsOf(app, user.user.id)).toHaveLength(1);
    expect(await balanceOf(app, user.user.id)).toBe(3000);
  });

  it('credits the next month again, and old or stale events change nothing', async () => {
    const user = await subscriber('sip_monthly');
    const firstPaid = eventOf(user.paid.events, 'invoice.paid');
    const firstCreated = eventOf(user.paid.events, 'customer.subscription.created');
    const month2 = fake.advancePeriod(user.subscriptionId);
    await deliverAll(month2.events);
    await deliverAll(month2.events);
    expect(await balanceOf(app, user.user.id)).toBe(1000);
    const item = (month2.subscription.items as { data: Array<{ current_period_start: number }> }).data[0];
    const periodStart = new Date((item?.current_period_start ?? 0) * 1000).toISOString();
    expect((await call(user.auth, 'GET', '')).json<Subscription>().current_period_start).toBe(periodStart);

    // A late redelivery of the first month's events: no coins, no rollback of the period.
    await deliver(app, firstPaid);
    await deliver(app, firstCreated);
    expect(await balanceOf(app, user.user.id)).toBe(1000);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().current_period_start).toBe(periodStart);
    const history = (await call(user.auth, 'GET', '/history')).json<SubscriptionHistory>();
    expect(history.data.map((g) => g.invoice_id)).toEqual([month2.invoice?.id, user.paid.invoice.id]);
    expect(history.data[0]?.period_start).toBe(periodStart);
  });

  it('takes invoice.paid through the signed webhook: replays and twins credit once, and status names it', async () => {
    const user = await signedIn(app);
    const session = await checkout(user.auth, 'sip_monthly');
    const paid = fake.completeCheckout(session.session_id);
    const signer = new Stripe('sk_test_signer');
    const post = (event: StripeEventJson) => {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return app.inject({
        method: 'POST',
        url: `${API}/payments/webhook`,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const invoicePaid = eventOf(paid.events, 'invoice.paid');
    for (let i = 0; i < 5; i += 1) expect((await post(invoicePaid)).statusCode).toBe(200);
    // Twins: the same invoice under new event ids, at once.
    const twins = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post({ ...invoicePaid, id: `${invoicePaid.id}_twin${i}` })),
    );
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect(await grantLedgerOf(app, user.user.id)).toHaveLength(1);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().status).toBe('active');
    const status = (await call(user.auth, 'GET', '/webhook/status')).json<WebhookStatus>();
    expect(status).toMatchObject({
      provider: 'stripe',
      webhooks_configured: true,
      last_event: { type: 'invoice.paid' },
    });
  });

  it('grants nothing for invoices of plan changes or of customers that are not ours', async () => {
    const user = await subscriber('sip_monthly');
    const paid = eventOf(user.paid.events, 'invoice.paid');
    const invoice = paid.data.object;
    await deliver(app, {
      ...paid,
      id: 'evt_update',
      data: { object: { ...invoice, id: 'in_update', billing_reason: 'subscription_update' } },
    });
    await deliver(app, {
      ...paid,
      id: 'evt_stranger',
      data: { object: { ...invoice, id: 'in_stranger', customer: 'cus_unknown' } },
    });
    await deliver(app, { ...paid, id: 'evt_other', type: 'invoice.payment_failed' });
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect(await grantsOfUser(app, user.user.id)).toHaveLength(1);
  });
});

describe('Stripe: managing a subscription', () => {
  it('cancels at period end and resumes through Stripe, answering from our row', async () => {
    const user = await subscriber();
    const cancel = await call(user.auth, 'POST', '/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<Subscription>()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1)?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(fake.subscription(user.subscriptionId)?.cancel_at_period_end).toBe(true);

    const resume = await call(user.auth, 'POST', '/resume');
    expect(resume.json<Subscription>().cancel_at_period_end).toBe(false);
    expect(requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1)?.body).toEqual({
      cancel_at_period_end: 'false',
    });
    // Asking for the state already held does not call Stripe.
    const calls = requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).length;
    expect((await call(user.auth, 'POST', '/resume')).statusCode).toBe(200);
    expect(requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`)).toHaveLength(calls);
  });

  it('ends at period end after Cancel: no coins for that month, no current subscription, history kept', async () => {
    const user = await subscriber();
    await call(user.auth, 'POST', '/cancel');
    const end = fake.advancePeriod(user.subscriptionId);
    expect(end.invoice).toBeNull();
    await deliverAll(end.events);
    expect((await call(user.auth, 'GET', '')).json()).toBeNull();
    expect(await subscriptionRowsOf(app, user.user.id)).toMatchObject([
      { status: 'canceled', cancelAtPeriodEnd: false },
    ]);
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect((await call(user.auth, 'GET', '/history')).json<SubscriptionHistory>().data).toHaveLength(1);
    // An 'updated' event from before the end arriving late does not bring it back.
    await deliver(app, {
      ...fake.subscriptionEvent(user.subscriptionId, 'customer.subscription.updated'),
      data: { object: { ...fake.subscription(user.subscriptionId), status: 'active' } },
    });
    expect((await call(user.auth, 'GET', '')).json()).toBeNull();
  });

  it('follows changes made elsewhere (the portal) from customer.subscription.updated', async () => {
    const user = await subscriber();
    const sub = fake.subscription(user.subscriptionId) ?? {};
    await deliver(app, {
      ...fake.subscriptionEvent(user.subscriptionId, 'customer.subscription.updated'),
      data: { object: { ...sub, status: 'past_due', cancel_at: 1_999_999_999 } },
    });
    expect((await call(user.auth, 'GET', '')).json<Subscription>()).toMatchObject({
      status: 'past_due',
      cancel_at_period_end: true,
    });
  });

  it('changes plan with proration; the preview shows it, and the next month grants the new plan', async () => {
    const user = await subscriber('sip_monthly');
    const preview = await call(user.auth, 'GET', '/invoice-preview?price_id=pot_monthly');
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<InvoicePreview>();
    expect(body).toMatchObject({ price_id: 'pot_monthly', currency: 'usd', discount_cents: 0, coupon_code: null });
    // Almost a whole month of the difference (39.99 − 9.99), then the new price.
    expect(body.proration_cents).toBeGreaterThan(2990);
    expect(body.proration_cents).toBeLessThanOrEqual(3000);
    expect(body.subtotal_cents).toBe(3999 + body.proration_cents);
    expect(body.total_cents).toBe(body.subtotal_cents);
    expect(requestsTo('POST', '/v1/invoices/create_preview').at(-1)?.body).toMatchObject({
      subscription: user.subscriptionId,
      subscription_details: { proration_behavior: 'create_prorations' },
    });

    const same = await call(user.auth, 'POST', '/update-plan', { price_id: 'sip_monthly' });
    expect(same.statusCode).toBe(409);
    const changed = await call(user.auth, 'POST', '/update-plan', { price_id: 'pot_monthly' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Subscription>().plan.key).toBe('pot');
    const update = requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1);
    expect(update?.body).toMatchObject({ proration_behavior: 'create_prorations', metadata: { kettle_plan: 'pot' } });
    expect(fake.subscription(user.subscriptionId)?.metadata).toMatchObject({ kettle_plan: 'pot' });
    expect(await balanceOf(app, user.user.id)).toBe(500);

    const month2 = fake.advancePeriod(user.subscriptionId);
    await deliverAll(month2.events);
    expect(await balanceOf(app, user.user.id)).toBe(3500);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().plan.key).toBe('pot');
  });

  it('applies a promotion code and removes it; unknown or inactive codes are refused under the field', async () => {
    fake.addPromotionCode('SPRING20', 20);
    fake.addPromotionCode('EXPIRED50', 50, { active: false });
    const user = await subscriber('brew_monthly');
    for (const code of ['NOPE', 'EXPIRED50']) {
      const res = await call(user.auth, 'POST', '/coupon/apply', { coupon_code: code });
      expect(res.statusCode, code).toBe(422);
      expect(errorOf(res).errors).toEqual([{ field: 'coupon_code', message: SUBSCRIPTION_MESSAGES.invalidCoupon }]);
    }
    const applied = await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'spring20' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Subscription>().coupon_code).toBe('SPRING20');
    expect(requestsTo('GET', '/v1/promotion_codes').at(-1)?.body).toMatchObject({ code: 'spring20', active: 'true' });
    const preview = (await call(user.auth, 'GET', '/invoice-preview')).json<InvoicePreview>();
    expect(preview).toMatchObject({
      subtotal_cents: 1999,
      discount_cents: 400,
      total_cents: 1599,
      coupon_code: 'SPRING20',
    });

    // The next month is charged with the discount, and still grants the plan's coins.
    const month2 = fake.advancePeriod(String(user.subscriptionId));
    await deliverAll(month2.events);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().coupon_code).toBe('SPRING20');
    expect((await call(user.auth, 'GET', '/history')).json<SubscriptionHistory>().data[0]).toMatchObject({
      coins: 1200,
      amount_cents: 1599,
    });

    const removed = await call(user.auth, 'DELETE', '/coupon/remove');
    expect(removed.json<Subscription>().coupon_code).toBeNull();
    expect(requestsTo('POST', `/v1/subscriptions/${user.subscriptionId}`).at(-1)?.body).toEqual({ discounts: '' });
    expect(fake.subscription(user.subscriptionId)?.discounts).toEqual([]);
  });

  it('reports usage for the period: coins granted and spent since it began', async () => {
    const user = await subscriber('sip_monthly', 10);
    await spendCoins(app.ctx.db, { userId: user.user.id, cost: 40, kind: 'unlock' });
    await spendCoins(app.ctx.db, { userId: user.user.id, cost: 10, kind: 'comment' });
    const usage = (await call(user.auth, 'GET', '/usage')).json<SubscriptionUsage>();
    expect(usage).toMatchObject({ plan_coins: 500, coins_granted: 500, coins_spent: 50 });
    const month2 = fake.advancePeriod(user.subscriptionId);
    await deliverAll(month2.events);
    expect((await call(user.auth, 'GET', '/usage')).json<SubscriptionUsage>()).toMatchObject({
      coins_granted: 500,
      coins_spent: 0,
    });
  });

  it("opens Stripe's billing portal for the customer; none without a customer", async () => {
    const user = await subscriber();
    const portal = await call(user.auth, 'POST', '/create-billing-portal-session');
    expect(portal.statusCode).toBe(200);
    expect(portal.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.body).toMatchObject({
      return_url: 'http://kettle.test/account#subscription',
    });
    const stranger = await signedIn(app);
    expect((await call(stranger.auth, 'POST', '/create-billing-portal-session')).statusCode).toBe(404);
  });

  it('answers the payments message and keeps the row when Stripe fails', async () => {
    const user = await subscriber();
    fake.failNext('POST', new RegExp(`^/v1/subscriptions/${user.subscriptionId}$`), 400, {
      type: 'invalid_request_error',
      message: 'Something Stripe refused',
    });
    const refused = await call(user.auth, 'POST', '/cancel');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ detail: PAYMENT_STATUS_MESSAGES[400], code: 'PAYMENT_PROVIDER_ERROR' });
    expect((await call(user.auth, 'GET', '')).json<Subscription>().cancel_at_period_end).toBe(false);
  });

  it("has no 'renew now' and pays no dev checkout left from the dev provider: those are the dev provider's", async () => {
    const user = await subscriber();
    const res = await call(user.auth, 'POST', '/dev/renew');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(SUBSCRIPTION_MESSAGES.devOnly);
    const leftover = await signedIn(app);
    await app.ctx.db.insert(subscriptions).values({
      userId: leftover.user.id,
      provider: 'dev',
      providerSubscriptionId: 'dev_sub_0123456789abcdef',
      planId: 'pot',
      status: 'incomplete',
    });
    const page = await call(leftover.auth, 'GET', '/dev/dev_subcs_0123456789abcdef');
    expect(page.statusCode).toBe(403);
    const pay = await call(leftover.auth, 'POST', '/dev/dev_subcs_0123456789abcdef', { action: 'pay' });
    expect(pay.statusCode).toBe(403);
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect(await balanceOf(app, leftover.user.id)).toBe(0);
  });

  it('says webhooks are configured and names the last subscription event received', async () => {
    const user = await signedIn(app);
    await app.ctx.db.insert(paymentEvents).values([
      { provider: 'stripe', eventId: 'evt_status_1', type: 'invoice.paid', receivedAt: new Date(Date.now() + 60_000) },
      {
        provider: 'stripe',
        eventId: 'evt_status_2',
        type: 'checkout.session.completed',
        receivedAt: new Date(Date.now() + 120_000),
      },
    ]);
    const status = (await call(user.auth, 'GET', '/webhook/status')).json<WebhookStatus>();
    expect(status).toMatchObject({
      provider: 'stripe',
      webhooks_configured: true,
      last_event: { type: 'invoice.paid' },
    });
  });
});

describe('Stripe with configured prices', () => {
  it('uses STRIPE_PRICE_MONTHLY_* as the price and maps it back to the plan', async () => {
    fake.addPrice('price_configured_brew', 1999, { interval: 'month' });
    const configured = await createTestApp({
      env: stripeEnv(fake.url, { STRIPE_PRICE_MONTHLY_BREW: 'price_configured_brew' }),
    });
    try {
      const who = await signedIn(configured);
      const before = requestsTo('POST', '/v1/prices').length;
      const res = await subscriptionCall(configured, who.auth, 'POST', '/checkout', { price_id: 'brew_monthly' });
      expect(res.statusCode, res.body).toBe(200);
      expect(requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body.line_items).toEqual([
        { price: 'price_configured_brew', quantity: '1' },
      ]);
      expect(requestsTo('POST', '/v1/prices')).toHaveLength(before);
      const paid = fake.completeCheckout(res.json<CheckoutSession>().session_id);
      // Without our metadata the configured price alone names the plan.
      const invoicePaid = eventOf(paid.events, 'invoice.paid');
      const invoice = invoicePaid.data.object as {
        parent: { subscription_details: { metadata: Record<string, string> } };
      };
      invoice.parent.subscription_details.metadata = {};
      await configured.ctx.db.transaction((tx) => handleSubscriptionEvent(configured.ctx, tx, invoicePaid));
      expect(await balanceOf(configured, who.user.id)).toBe(1200);
      await expectInvariants(configured);
    } finally {
      await configured.teardown();
    }
  });
});
