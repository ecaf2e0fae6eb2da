/** Test helpers for the payments tests. */
import type { CheckoutSession, CheckoutStatus } from '@kettle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { API } from './http.js';
import type { Auth } from './posts-kit.js';
import { coinLedger, paymentEvents, purchases, users } from '../src/db/schema.js';
import {
  DEV_SIGNATURE_HEADER,
  devSigningKey,
  signDevNotification,
} from '../src/modules/payments/providers/dev-provider.js';
import { startFakeStripe, type FakeStripe, type StripeJson } from './fake-stripe.js';
import { expectInvariants } from './invariants.js';

export const WEBHOOK_SECRET = 'whsec_kettle_test_secret';
export const SECRET_KEY = 'sk_test_kettle';
export const PUBLISHABLE_KEY = 'pk_test_kettle';

/** The environment that makes Stripe the provider, pointed at the fake server. */
export const stripeEnv = (fake: FakeStripe, extra: Record<string, string> = {}): Record<string, string> => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_API_URL: fake.url,
  ...extra,
});

/** The SDK's own signer, as Stripe's documentation says to use in tests. */
const signer = new Stripe(SECRET_KEY);
export const stripeSignature = (payload: string, options: { secret?: string; timestamp?: number } = {}) => ({
  'stripe-signature': signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  }),
});

export const devSignature = (app: TestApp, payload: string, timestamp?: number) => ({
  [DEV_SIGNATURE_HEADER]: signDevNotification(devSigningKey(app.ctx.secret), payload, timestamp),
});

export const postWebhook = (app: TestApp, payload: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `${API}/payments/webhook`,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    payload,
  });

export const createCheckoutCall = (app: TestApp, auth: Auth, plan: unknown = 'gold') =>
  app.inject({
    method: 'POST',
    url: `${API}/payments/create-checkout-session`,
    headers: auth,
    payload: { plan_id: plan },
  });

export async function startCheckout(app: TestApp, auth: Auth, plan = 'gold'): Promise<CheckoutSession> {
  const res = await createCheckoutCall(app, auth, plan);
  if (res.statusCode !== 200) throw new Error(`create-checkout-session answered ${res.statusCode}: ${res.body}`);
  return res.json<CheckoutSession>();
}

export const checkoutStatusCall = (app: TestApp, auth: Auth, sessionId: string) =>
  app.inject({
    method: 'GET',
    url: `${API}/payments/checkout-session/${encodeURIComponent(sessionId)}`,
    headers: auth,
  });

export const statusOf = (res: LightMyRequestResponse): CheckoutStatus => res.json<CheckoutStatus>();

export const devPage = (app: TestApp, auth: Auth, sessionId: string) =>
  app.inject({ method: 'GET', url: `${API}/payments/dev-checkout/${encodeURIComponent(sessionId)}`, headers: auth });

export const devAction = (app: TestApp, auth: Auth, sessionId: string, action: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/payments/dev-checkout/${encodeURIComponent(sessionId)}`,
    headers: auth,
    payload: { action },
  });

export async function purchaseOf(app: TestApp, sessionId: string) {
  const [row] = await app.ctx.db.select().from(purchases).where(eq(purchases.providerSessionId, sessionId));
  if (!row) throw new Error(`no purchase for session ${sessionId}`);
  return row;
}

export async function accountOf(app: TestApp, userId: string): Promise<{ balance: number; debt: number }> {
  const [row] = await app.ctx.db
    .select({ balance: users.coinBalance, debt: users.coinDebt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

export const ledgerRows = (app: TestApp, userId: string, kind?: string) =>
  app.ctx.db
    .select()
    .from(coinLedger)
    .where(kind ? and(eq(coinLedger.userId, userId), eq(coinLedger.kind, kind)) : eq(coinLedger.userId, userId))
    .orderBy(asc(coinLedger.seq));

export const eventRows = (app: TestApp, eventId: string) =>
  app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));

/**
 * The Stripe tests' setup: a fake Stripe and one app using it as the provider, for the enclosing
 * file or describe block. `prepare` plays Stripe's side first (dashboard prices) and answers extra
 * environment. Every test must leave each balance matching its ledger.
 */
export function useStripeApp(
  ready: (made: { fake: FakeStripe; app: TestApp }) => unknown,
  prepare: (fake: FakeStripe) => Record<string, string> = () => ({}),
): void {
  let fake: FakeStripe | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await createTestApp({ env: stripeEnv(fake, prepare(fake)) });
    await ready({ fake, app });
  });
  afterEach(async () => {
    if (app) await expectInvariants(app);
  });
  afterAll(async () => {
    await app?.teardown();
    await fake?.close();
  });
}

/** Sends a Stripe event about `object`, signed the way Stripe signs it; the answer carries the event's id. */
export async function deliverStripeEvent(
  app: TestApp,
  fake: FakeStripe,
  type: string,
  object: StripeJson,
  id?: string,
) {
  const payload = fake.eventPayload(type, object, id);
  const res = await postWebhook(app, payload, stripeSignature(payload));
  return Object.assign(res, { eventId: (JSON.parse(payload) as { id: string }).id });
}
