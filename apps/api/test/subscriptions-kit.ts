import { asc, eq } from 'drizzle-orm';
import type { TestApp } from './harness.js';
import { API } from './http.js';
import type { Auth } from './posts-kit.js';
import { coinLedger, subscriptionGrants, subscriptions } from '../src/db/schema.js';
import { handleSubscriptionEvent, type SubscriptionEvent } from '../src/modules/subscriptions/subscription-events.js';

/** Shared by the subscription tests: calls under /payments/subscription and what they leave behind. */
export function subscriptionCall(
  app: TestApp,
  auth: Auth,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `${API}/payments/subscription${path}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });
}

/** Hands an event to the handler the way the payments webhook does: inside one transaction. */
export const deliver = (app: TestApp, event: SubscriptionEvent) =>
  app.ctx.db.transaction((tx) => handleSubscriptionEvent(app.ctx, tx, event));

export const grantsOfUser = (app: TestApp, userId: string) =>
  app.ctx.db
    .select({ grant: subscriptionGrants })
    .from(subscriptionGrants)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionGrants.subscriptionId))
    .where(eq(subscriptions.userId, userId))
    .then((rows) => rows.map((r) => r.grant));

export const subscriptionRowsOf = (app: TestApp, userId: string) =>
  app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt));

export const grantLedgerOf = async (app: TestApp, userId: string) =>
  (await app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId))).filter(
    (row) => row.kind === 'subscription_grant',
  );
