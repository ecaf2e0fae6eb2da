import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import { type FakeStripe, type StripeJson } from '../../../test/fake-stripe.js';
import {
  accountOf,
  checkoutStatusCall,
  eventRows,
  ledgerRows,
  postWebhook,
  purchaseOf,
  startCheckout,
  statusOf,
  stripeSignature,
  deliverStripeEvent,
  useStripeApp,
} from '../../../test/payments-kit.js';

let fake: FakeStripe;
let app: TestApp;
useStripeApp((made) => {
  ({ fake, app } = made);
});

const BAD_REQUEST = { detail: 'Invalid payment request. Please check your information.' };

/** Sends a Stripe event about `object`, signed the way Stripe signs it. */
const deliver = (type: string, object: StripeJson, id?: string) => deliverStripeEvent(app, fake, type, object, id);

async function buyer(coins = 0) {
  return signedIn(app, coins > 0 ? { coins } : {});
}

async function checkout(auth: Auth, plan = 'gold') {
  const { session_id: sessionId } = await startCheckout(app, auth, plan);
  return sessionId;
}

describe('Stripe notifications: signatures (security.md S1)', () => {
  it('refuses a missing header, a wrong secret, a re-serialised body and a stale timestamp; the valid one credits', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth);
    const payload = fake.eventPayload('checkout.session.completed', fake.completeSession(sessionId));
    const stale = Math.floor(Date.now() / 1000) - 301;
    const attempts: Array<[string, Record<string, string>]> = [
      [payload, {}],
      [payload, stripeSignature(payload, { secret: 'whsec_not_ours' })],
      [JSON.stringify(JSON.parse(payload)), stripeSignature(payload)],
      [payload, stripeSignature(payload, { timestamp: stale })],
      [payload, { 'stripe-signature': 'garbage' }],
    ];
    for (const [body, headers] of attempts) {
      const res = await postWebhook(app, body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...BAD_REQUEST, code: 'INVALID_SIGNATURE' });
    }
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');

    const valid = await postWebhook(app, payload, stripeSignature(payload));
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ received: true, duplicate: false });
    expect(await accountOf(app, user.id)).toEqual({ balance: 920, debt: 0 });
  });

  it('does not take the dev checkout signature while Stripe is the provider', async () => {
    const payload = fake.eventPayload('checkout.session.completed', { id: 'cs_x', object: 'checkout.session' });
    const res = await postWebhook(app, payload, { 'kettle-signature': 't=1,v1=00' });
    expect(res.statusCode).toBe(400);
  });
});

describe('Stripe notifications: exactly once (security.md S2-S4)', () => {
  it('credits the same paid event delivered 10 times in a row, then 10 at once, exactly once', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth);
    const payload = fake.eventPayload('checkout.session.completed', fake.completeSession(sessionId));
    const eventId = (JSON.parse(payload) as { id: string }).id;
    for (let i = 0; i < 10; i += 1) {
      const res = await postWebhook(app, payload, stripeSignature(payload));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: i > 0 });
    }
    const storm = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(app, payload, stripeSignature(payload))),
    );
    expect(storm.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await eventRows(app, eventId)).toHaveLength(1);
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 920, debt: 0 });
  });

  it('credits once when 10 distinct deliveries of a paid session arrive at once', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'silver');
    const session = fake.completeSession(sessionId);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        deliver(i % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded', session),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 330, debt: 0 });
  });

  it('credits once when the success page and the notification race', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'whale');
    const pending = await checkoutStatusCall(app, auth, sessionId);
    expect(statusOf(pending)).toMatchObject({ payment_status: 'pending', coin_balance: 0 });

    const session = fake.completeSession(sessionId);
    const payload = fake.eventPayload('checkout.session.completed', session);
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? checkoutStatusCall(app, auth, sessionId) : postWebhook(app, payload, stripeSignature(payload)),
      ),
    );
    expect(calls.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 2400, debt: 0 });
    const status = statusOf(await checkoutStatusCall(app, auth, sessionId));
    expect(status).toEqual({
      session_id: sessionId,
      payment_status: 'succeeded',
      plan_id: 'whale',
      total_coins: 2400,
      coin_balance: 2400,
    });
    const purchase = await purchaseOf(app, sessionId);
    expect(purchase.paymentIntentId).toBe(session.payment_intent);
  });

  it('the success page alone fulfils a paid session (the notification is late), once', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'bronze');
    fake.completeSession(sessionId);
    expect(statusOf(await checkoutStatusCall(app, auth, sessionId)).payment_status).toBe('succeeded');
    expect(statusOf(await checkoutStatusCall(app, auth, sessionId)).coin_balance).toBe(100);
    const late = await deliver('checkout.session.completed', fake.sessions.get(sessionId) ?? {});
    expect(late.statusCode).toBe(200);
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 100, debt: 0 });
  });

  it('an unpaid completion waits; the async success then credits once', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'gold');
    const unpaid = await deliver('checkout.session.completed', fake.completeSession(sessionId, 'unpaid'));
    expect(unpaid.statusCode).toBe(200);
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    expect(statusOf(await checkoutStatusCall(app, auth, sessionId)).payment_status).toBe('pending');
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });

    const settled = fake.settleAsyncPayment(sessionId);
    expect((await deliver('checkout.session.async_payment_succeeded', settled)).statusCode).toBe(200);
    expect((await deliver('checkout.session.async_payment_succeeded', settled)).statusCode).toBe(200);
    expect((await purchaseOf(app, sessionId)).status).toBe('succeeded');
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 920, debt: 0 });
  });

  it('credits once when the async success arrives before the completion', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'silver');
    const session = fake.completeSession(sessionId);
    expect((await deliver('checkout.session.async_payment_succeeded', session)).statusCode).toBe(200);
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 330, debt: 0 });
  });

  it('an async failure marks the purchase failed and an expiry expired, and neither credits', async () => {
    const { user, auth } = await buyer();
    const failing = await checkout(auth, 'gold');
    await deliver('checkout.session.completed', fake.completeSession(failing, 'unpaid'));
    expect((await deliver('checkout.session.async_payment_failed', fake.sessions.get(failing) ?? {})).statusCode).toBe(
      200,
    );
    expect((await purchaseOf(app, failing)).status).toBe('failed');

    const expiring = await checkout(auth, 'bronze');
    expect((await deliver('checkout.session.expired', fake.expireSession(expiring))).statusCode).toBe(200);
    expect((await purchaseOf(app, expiring)).status).toBe('expired');
    expect(statusOf(await checkoutStatusCall(app, auth, expiring)).payment_status).toBe('expired');
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(0);
  });

  it('a late expiry or failure never undoes a credited purchase; unknown events are acknowledged', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'bronze');
    const session = fake.completeSession(sessionId);
    await deliver('checkout.session.completed', session);
    expect((await deliver('checkout.session.expired', { ...session, status: 'expired' })).statusCode).toBe(200);
    expect((await deliver('checkout.session.async_payment_failed', session)).statusCode).toBe(200);
    expect((await purchaseOf(app, sessionId)).status).toBe('succeeded');
    expect(await accountOf(app, user.id)).toEqual({ balance: 100, debt: 0 });

    const unknown = await deliver('payment_intent.created', { id: 'pi_x', object: 'payment_intent' });
    expect(unknown.statusCode).toBe(200);
    expect(await eventRows(app, unknown.eventId)).toHaveLength(1);
    const foreign = await deliver('checkout.session.completed', { ...session, id: 'cs_test_not_ours' });
    expect(foreign.statusCode).toBe(200);
    const subscription = await deliver('customer.subscription.updated', {
      id: 'sub_test_unknown',
      object: 'subscription',
      customer: 'cus_test_unknown',
      status: 'active',
    });
    expect(subscription.statusCode).toBe(200);
    expect(await accountOf(app, user.id)).toEqual({ balance: 100, debt: 0 });
  });
});

describe('Stripe notifications: tampering (security.md S6)', () => {
  it('refuses a session whose plan, amount, user, purchase or currency is not ours: 400, no coins', async () => {
    const { user, auth } = await buyer();
    const other = await buyer();
    const sessionId = await checkout(auth, 'bronze');
    const paid = fake.completeSession(sessionId);
    const metadata = paid.metadata as Record<string, string>;
    const tampered: StripeJson[] = [
      { ...paid, metadata: { ...metadata, plan: 'whale' } },
      { ...paid, amount_total: 1 },
      { ...paid, amount_total: 6999 },
      { ...paid, metadata: { ...metadata, user_id: other.user.id } },
      { ...paid, metadata: { ...metadata, purchase_id: '00000000-0000-4000-8000-000000000000' } },
      { ...paid, client_reference_id: '00000000-0000-4000-8000-000000000000' },
      { ...paid, metadata: {} },
      { ...paid, currency: 'eur' },
    ];
    for (const object of tampered) {
      for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
        const res = await deliver(type, object);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ ...BAD_REQUEST, code: 'PAYMENT_MISMATCH' });
        expect(await eventRows(app, res.eventId)).toHaveLength(0);
      }
    }
    expect((await purchaseOf(app, sessionId)).status).toBe('pending');
    expect(await accountOf(app, user.id)).toEqual({ balance: 0, debt: 0 });
    expect(await accountOf(app, other.user.id)).toEqual({ balance: 0, debt: 0 });

    // The session as Stripe really has it still credits, from our table.
    expect((await deliver('checkout.session.completed', paid)).statusCode).toBe(200);
    expect(await accountOf(app, user.id)).toEqual({ balance: 100, debt: 0 });
  });
});

describe('Stripe notifications: a crash mid-way (security.md S5)', () => {
  it('rolls back everything when the transaction fails after the ledger insert; redelivery credits once', async () => {
    const { user, auth } = await buyer();
    const sessionId = await checkout(auth, 'gold');
    const payload = fake.eventPayload('checkout.session.completed', fake.completeSession(sessionId));
    const eventId = (JSON.parse(payload) as { id: string }).id;
    await app.ctx.db.execute(sql`
      create function kettle_test_fault() returns trigger language plpgsql as $$
      begin
        if new.kind = 'purchase' then raise exception 'injected fault after the ledger insert'; end if;
        return new;
      end $$`);
    await app.ctx.db.execute(
      sql`create trigger kettle_test_fault after insert on coin_ledger for each row execute function kettle_test_fault()`,
    );
    try {
      const crashed = await postWebhook(app, payload, stripeSignature(payload));
      expect(crashed.statusCode).toBe(500);
      expect(await eventRows(app, eventId)).toHaveLength(0);
      expect((await purchaseOf(app, sessionId)).status).toBe('pending');
      expect(await ledgerRows(app, user.id)).toHaveLength(0);
    } finally {
      await app.ctx.db.execute(sql`drop trigger kettle_test_fault on coin_ledger`);
      await app.ctx.db.execute(sql`drop function kettle_test_fault()`);
    }
    const redelivered = await postWebhook(app, payload, stripeSignature(payload));
    expect(redelivered.statusCode).toBe(200);
    expect(await ledgerRows(app, user.id, 'purchase')).toHaveLength(1);
    expect(await accountOf(app, user.id)).toEqual({ balance: 920, debt: 0 });
  });
});
