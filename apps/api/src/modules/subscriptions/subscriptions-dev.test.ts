import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type CheckoutSession,
  type DevSubscriptionCheckout,
  type InvoicePreview,
  type Subscription,
  type SubscriptionHistory,
  type SubscriptionPlansResponse,
  type SubscriptionUsage,
  type WebhookStatus,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { expectInvariants } from '../../../test/invariants.js';
import { balanceOf, signedIn, type Auth } from '../../../test/posts-kit.js';
import { users } from '../../db/schema.js';
import { setCoinBalance, spendCoins } from '../coins/coins.service.js';
import { grantLedgerOf, grantsOfUser, subscriptionCall, subscriptionRowsOf } from '../../../test/subscriptions-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const call = (auth: Auth, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  subscriptionCall(app, auth, method, path, payload);

async function checkout(auth: Auth, priceId = 'sip_monthly'): Promise<CheckoutSession> {
  const res = await call(auth, 'POST', '/checkout', { price_id: priceId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutSession>();
}

/** A user who paid the dev checkout of `priceId`. */
async function subscriber(priceId = 'sip_monthly', coins = 0) {
  const who = await signedIn(app, { coins });
  const session = await checkout(who.auth, priceId);
  const paid = await call(who.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  return who;
}

describe('dev provider: plans and checkout', () => {
  it('lists the monthly plans with the provider, signed in only', async () => {
    expect((await call({}, 'GET', '/plans')).statusCode).toBe(401);
    const user = await signedIn(app);
    const res = await call(user.auth, 'GET', '/plans');
    expect(res.statusCode).toBe(200);
    expect(res.json<SubscriptionPlansResponse>()).toEqual({
      plans: Object.values(SUBSCRIPTION_PLANS),
      provider: 'dev',
    });
  });

  it('has no current subscription at first, and most calls say so', async () => {
    const user = await signedIn(app);
    const current = await call(user.auth, 'GET', '');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toBeNull();
    for (const [method, path] of [
      ['POST', '/cancel'],
      ['POST', '/resume'],
      ['GET', '/usage'],
      ['DELETE', '/coupon/remove'],
      ['POST', '/dev/renew'],
    ] as const) {
      const res = await call(user.auth, method, path);
      expect(res.statusCode, path).toBe(404);
      expect(errorOf(res).detail).toBe(SUBSCRIPTION_MESSAGES.none);
    }
    expect((await call(user.auth, 'POST', '/update-plan', { price_id: 'brew_monthly' })).statusCode).toBe(404);
    expect((await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'KETTLE10' })).statusCode).toBe(404);
  });

  it('refuses unknown plans and unverified users, and opens nothing for them', async () => {
    const user = await signedIn(app);
    const bad = await call(user.auth, 'POST', '/checkout', { price_id: 'gold_monthly' });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).errors?.[0]?.field).toBe('price_id');
    const unverified = await signedIn(app, { verified: false });
    const refused = await call(unverified.auth, 'POST', '/checkout', { price_id: 'sip_monthly' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('EMAIL_NOT_VERIFIED');
    expect(await subscriptionRowsOf(app, user.user.id)).toHaveLength(0);
    expect(await subscriptionRowsOf(app, unverified.user.id)).toHaveLength(0);
  });

  it("opens Kettle's own checkout page, shown to its owner only", async () => {
    const user = await signedIn(app);
    const session = await checkout(user.auth, 'brew_monthly');
    expect(session.url).toBe(`http://kettle.test/subscription/dev/${session.session_id}`);
    expect(session.session_id).toMatch(/^dev_subcs_[0-9a-f]{32}$/);
    const page = await call(user.auth, 'GET', `/dev/${session.session_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<DevSubscriptionCheckout>()).toEqual({
      session_id: session.session_id,
      plan: SUBSCRIPTION_PLANS.brew,
      status: 'open',
      success_url: 'http://kettle.test/account?subscription=success#subscription',
      cancel_url: 'http://kettle.test/account?subscription=cancelled#subscription',
    });
    const stranger = await signedIn(app);
    expect((await call(stranger.auth, 'GET', `/dev/${session.session_id}`)).statusCode).toBe(404);
    expect((await call(stranger.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' })).statusCode).toBe(404);
    expect((await call(user.auth, 'GET', '/dev/cs_not_ours')).statusCode).toBe(404);
    // An open checkout is not a subscription yet.
    expect((await call(user.auth, 'GET', '')).json()).toBeNull();
  });

  it('Pay starts the subscription and credits the first month once, however often it is pressed', async () => {
    const user = await signedIn(app, { coins: 5 });
    const session = await checkout(user.auth, 'sip_monthly');
    const pays = await Promise.all(
      Array.from({ length: 5 }, () => call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' })),
    );
    expect(pays.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(pays[0]?.json()).toEqual({ redirect_url: 'http://kettle.test/account?subscription=success#subscription' });
    const again = await call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' });
    expect(again.statusCode).toBe(200);

    expect(await balanceOf(app, user.user.id)).toBe(505);
    expect(await grantsOfUser(app, user.user.id)).toHaveLength(1);
    expect(await grantLedgerOf(app, user.user.id)).toMatchObject([
      { delta: 500, kind: 'subscription_grant', referenceType: 'subscription_invoice' },
    ]);
    const current = (await call(user.auth, 'GET', '')).json<Subscription>();
    expect(current).toMatchObject({
      provider: 'dev',
      plan: SUBSCRIPTION_PLANS.sip,
      status: 'active',
      cancel_at_period_end: false,
    });
    const start = new Date(current.current_period_start ?? '');
    const end = new Date(current.current_period_end ?? '');
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((await call(user.auth, 'GET', `/dev/${session.session_id}`)).json<DevSubscriptionCheckout>().status).toBe(
      'complete',
    );
  });

  it('settles coins owed from a refund first, as a purchase does; the settlement is not spending', async () => {
    const user = await signedIn(app);
    await app.ctx.db.update(users).set({ coinDebt: 120 }).where(eq(users.id, user.user.id));
    const session = await checkout(user.auth, 'sip_monthly');
    expect((await call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' })).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row).toMatchObject({ coinBalance: 380, coinDebt: 0 });
    expect((await call(user.auth, 'GET', '/usage')).json<SubscriptionUsage>()).toMatchObject({
      coins_granted: 500,
      coins_spent: 0,
    });
  });

  it('Cancel on the page closes the checkout; it cannot be paid afterwards', async () => {
    const user = await signedIn(app);
    const session = await checkout(user.auth);
    const cancelled = await call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'cancel' });
    expect(cancelled.json()).toEqual({
      redirect_url: 'http://kettle.test/account?subscription=cancelled#subscription',
    });
    expect((await call(user.auth, 'GET', `/dev/${session.session_id}`)).json<DevSubscriptionCheckout>().status).toBe(
      'expired',
    );
    const pay = await call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' });
    expect(pay.statusCode).toBe(409);
    expect(errorOf(pay).detail).toBe(SUBSCRIPTION_MESSAGES.checkoutClosed);
    expect(await balanceOf(app, user.user.id)).toBe(0);
  });

  it('allows one running subscription: a second checkout, or paying a second open one, is 409', async () => {
    const user = await signedIn(app);
    const first = await checkout(user.auth, 'sip_monthly');
    const second = await checkout(user.auth, 'pot_monthly');
    const [a, b] = await Promise.all([
      call(user.auth, 'POST', `/dev/${first.session_id}`, { action: 'pay' }),
      call(user.auth, 'POST', `/dev/${second.session_id}`, { action: 'pay' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await grantsOfUser(app, user.user.id)).toHaveLength(1);
    const again = await call(user.auth, 'POST', '/checkout', { price_id: 'brew_monthly' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
  });
});

describe('dev provider: managing a subscription', () => {
  it('cancels at period end and resumes; repeating either changes nothing', async () => {
    const user = await subscriber();
    const cancel = await call(user.auth, 'POST', '/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<Subscription>()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await call(user.auth, 'POST', '/cancel')).json<Subscription>().cancel_at_period_end).toBe(true);
    const resume = await call(user.auth, 'POST', '/resume');
    expect(resume.json<Subscription>()).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect((await call(user.auth, 'POST', '/resume')).json<Subscription>().cancel_at_period_end).toBe(false);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().cancel_at_period_end).toBe(false);
  });

  it('changes plan (the same plan is 409) and the next month grants the new plan', async () => {
    const user = await subscriber('sip_monthly');
    const same = await call(user.auth, 'POST', '/update-plan', { price_id: 'sip_monthly' });
    expect(same.statusCode).toBe(409);
    expect(errorOf(same).detail).toBe(SUBSCRIPTION_MESSAGES.samePlan);
    const changed = await call(user.auth, 'POST', '/update-plan', { price_id: 'pot_monthly' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Subscription>().plan.key).toBe('pot');
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect((await call(user.auth, 'POST', '/dev/renew')).statusCode).toBe(200);
    expect(await balanceOf(app, user.user.id)).toBe(3500);
  });

  it('previews the next invoice: price, prorated plan change, coupon discount', async () => {
    const user = await subscriber('brew_monthly');
    const plain = (await call(user.auth, 'GET', '/invoice-preview')).json<InvoicePreview>();
    const current = (await call(user.auth, 'GET', '')).json<Subscription>();
    expect(plain).toEqual({
      price_id: 'brew_monthly',
      plan: SUBSCRIPTION_PLANS.brew,
      currency: 'usd',
      subtotal_cents: 1999,
      discount_cents: 0,
      total_cents: 1999,
      proration_cents: 0,
      coupon_code: null,
      next_payment_at: current.current_period_end,
    });
    // Just started: almost the whole difference (39.99 − 19.99) is owed for this month.
    const upgrade = (await call(user.auth, 'GET', '/invoice-preview?price_id=pot_monthly')).json<InvoicePreview>();
    expect(upgrade.plan.key).toBe('pot');
    expect(upgrade.proration_cents).toBeGreaterThan(1990);
    expect(upgrade.proration_cents).toBeLessThanOrEqual(2000);
    expect(upgrade.subtotal_cents).toBe(3999 + upgrade.proration_cents);
    expect((await call(user.auth, 'GET', '/invoice-preview?price_id=nope')).statusCode).toBe(422);

    await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'kettle25' });
    const discounted = (await call(user.auth, 'GET', '/invoice-preview')).json<InvoicePreview>();
    expect(discounted).toMatchObject({
      subtotal_cents: 1999,
      discount_cents: 500,
      total_cents: 1499,
      coupon_code: 'KETTLE25',
    });

    const newcomer = await signedIn(app);
    const fresh = (await call(newcomer.auth, 'GET', '/invoice-preview?price_id=sip_monthly')).json<InvoicePreview>();
    expect(fresh).toMatchObject({ subtotal_cents: 999, total_cents: 999, proration_cents: 0, next_payment_at: null });
    expect((await call(newcomer.auth, 'GET', '/invoice-preview')).statusCode).toBe(404);
  });

  it('applies a dev coupon in any case and removes it; unknown codes are refused under the field', async () => {
    const user = await subscriber();
    const bogus = await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'FREEBIE' });
    expect(bogus.statusCode).toBe(422);
    expect(errorOf(bogus).errors).toEqual([{ field: 'coupon_code', message: SUBSCRIPTION_MESSAGES.invalidCoupon }]);
    const malformed = await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'no spaces!' });
    expect(malformed.statusCode).toBe(422);
    const applied = await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'kettle10' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json<Subscription>().coupon_code).toBe('KETTLE10');
    const removed = await call(user.auth, 'DELETE', '/coupon/remove');
    expect(removed.json<Subscription>().coupon_code).toBeNull();
    expect((await call(user.auth, 'DELETE', '/coupon/remove')).statusCode).toBe(200);
  });

  it('Renew now grants each new month once and lists the months in the history, newest first', async () => {
    const user = await subscriber('sip_monthly');
    await call(user.auth, 'POST', '/coupon/apply', { coupon_code: 'KETTLE10' });
    const before = (await call(user.auth, 'GET', '')).json<Subscription>();
    const renewed = await call(user.auth, 'POST', '/dev/renew');
    expect(renewed.statusCode).toBe(200);
    const after = renewed.json<Subscription>();
    expect(after.current_period_start).not.toBe(before.current_period_start);
    expect(await balanceOf(app, user.user.id)).toBe(1000);

    const history = await call(user.auth, 'GET', '/history');
    expect(history.statusCode).toBe(200);
    const body = history.json<SubscriptionHistory>();
    expect(body.metadata).toEqual({ total_elements: 2, skip: 0, limit: 12 });
    expect(body.data.map((g) => [g.coins, g.amount_cents])).toEqual([
      [500, 899],
      [500, 999],
    ]);
    expect(body.data[0]?.period_start).toBe(after.current_period_start);
    expect(body.data[0]?.invoice_id).toMatch(/^in_dev_/);
    expect((await call(user.auth, 'GET', '/history?limit=1&skip=1')).json<SubscriptionHistory>().data).toHaveLength(1);
    // Nobody else sees these months.
    const other = await signedIn(app);
    expect((await call(other.auth, 'GET', '/history')).json<SubscriptionHistory>().data).toEqual([]);
  });

  it('Renew now ends a subscription set to cancel, without coins; the history stays', async () => {
    const user = await subscriber('sip_monthly');
    await call(user.auth, 'POST', '/cancel');
    const ended = await call(user.auth, 'POST', '/dev/renew');
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Subscription>()).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect((await call(user.auth, 'GET', '')).json()).toBeNull();
    expect(await balanceOf(app, user.user.id)).toBe(500);
    expect((await call(user.auth, 'POST', '/dev/renew')).statusCode).toBe(404);
    expect((await call(user.auth, 'GET', '/history')).json<SubscriptionHistory>().data).toHaveLength(1);
    // After it ended, subscribing again is possible.
    const session = await checkout(user.auth, 'brew_monthly');
    expect((await call(user.auth, 'POST', `/dev/${session.session_id}`, { action: 'pay' })).statusCode).toBe(200);
    expect((await call(user.auth, 'GET', '')).json<Subscription>().plan.key).toBe('brew');
    expect(await balanceOf(app, user.user.id)).toBe(1700);
  });

  it("usage counts this period's grants and the coins spent since it began (not reversals or admin sets)", async () => {
    const user = await subscriber('sip_monthly', 20);
    await spendCoins(app.ctx.db, { userId: user.user.id, cost: 40, kind: 'unlock', reason: 'Unlocked a tea' });
    await spendCoins(app.ctx.db, { userId: user.user.id, cost: 5, kind: 'vote', reason: 'Upvoted a tea' });
    await setCoinBalance(app.ctx.db, { userId: user.user.id, balance: 400, actorId: user.user.id, reason: 'Test' });
    const usage = await call(user.auth, 'GET', '/usage');
    expect(usage.statusCode).toBe(200);
    const current = (await call(user.auth, 'GET', '')).json<Subscription>();
    expect(usage.json<SubscriptionUsage>()).toEqual({
      period_start: current.current_period_start,
      period_end: current.current_period_end,
      plan_coins: 500,
      coins_granted: 500,
      coins_spent: 45,
    });
    // A new month: its own grant, nothing spent in it yet.
    await call(user.auth, 'POST', '/dev/renew');
    expect((await call(user.auth, 'GET', '/usage')).json<SubscriptionUsage>()).toMatchObject({
      coins_granted: 500,
      coins_spent: 0,
    });
  });

  it('sends the billing portal to My Account and reports webhook status from the dev events', async () => {
    const user = await signedIn(app);
    const status = (await call(user.auth, 'GET', '/webhook/status')).json<WebhookStatus>();
    expect(status.provider).toBe('dev');
    expect(status.webhooks_configured).toBe(true);
    const subscribed = await subscriber();
    const portal = await call(subscribed.auth, 'POST', '/create-billing-portal-session');
    expect(portal.json()).toEqual({ url: 'http://kettle.test/account#subscription' });
    const after = (await call(subscribed.auth, 'GET', '/webhook/status')).json<WebhookStatus>();
    expect(after.last_event?.type).toBe('invoice.paid');
    expect(Date.parse(after.last_event?.received_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});
