import type { SubscriptionPlanKey, SubscriptionStatus } from '@kettle/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { paymentCustomers, subscriptions, type PAYMENT_PROVIDERS } from '../../db/schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type Provider = (typeof PAYMENT_PROVIDERS)[number];

/** Statuses in which a subscription still runs (and blocks a second one). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'unpaid', 'paused'];

/** The user's running subscription, newest first; ended and never-paid ones are history, not current. */
export async function findCurrentSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function findByProviderId(
  db: DbOrTx,
  provider: Provider,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
  return row;
}

export async function userOfCustomer(db: DbOrTx, provider: Provider, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.customerId, customerId)));
  return row?.userId;
}

export async function customerOfUser(db: DbOrTx, provider: Provider, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.userId, userId)));
  return row?.customerId;
}

/** What the provider says a subscription looks like now; `undefined` fields keep what we have. */
export type ProviderState = {
  userId: string;
  provider: Provider;
  providerSubscriptionId: string;
  planId?: SubscriptionPlanKey;
  status?: SubscriptionStatus;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  couponCode?: string | null;
};

type Patch = Partial<
  Pick<
    SubscriptionRow,
    'planId' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'couponCode'
  >
>;

/**
 * Merges a provider's view into our row. Notifications come at least once and in any order, so
 * a view of an older period never rolls the row back, and an ended subscription stays ended.
 */
export function mergeProviderState(row: SubscriptionRow, state: ProviderState): Patch {
  const incoming = state.currentPeriodStart ?? null;
  const stale = incoming !== null && row.currentPeriodStart !== null && incoming < row.currentPeriodStart;
  const patch: Patch = {};
  if (state.couponCode !== undefined) patch.couponCode = state.couponCode;
  if (row.status === 'canceled' || row.status === 'incomplete_expired') return patch;
  if (state.status === 'canceled') return { ...patch, status: 'canceled', cancelAtPeriodEnd: false };
  if (stale) return patch;
  if (state.planId) patch.planId = state.planId;
  if (state.status) patch.status = state.status;
  if (state.currentPeriodStart !== undefined) patch.currentPeriodStart = state.currentPeriodStart;
  if (state.currentPeriodEnd !== undefined) patch.currentPeriodEnd = state.currentPeriodEnd;
  if (state.cancelAtPeriodEnd !== undefined) patch.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
  return patch;
}

const lockByProviderId = async (tx: Tx, provider: Provider, providerSubscriptionId: string) => {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .for('update');
  return row;
};

/**
 * Creates or updates our row from the provider's view, under a row lock so concurrent
 * notifications about one subscription apply one after the other. A subscription we have not
 * seen yet needs its plan (and owner) to be stored; without them the call is a no-op.
 */
export async function applyProviderState(tx: Tx, state: ProviderState): Promise<SubscriptionRow | undefined> {
  let row = await lockByProviderId(tx, state.provider, state.providerSubscriptionId);
  if (!row) {
    if (!state.planId) return undefined;
    const [inserted] = await tx
      .insert(subscriptions)
      .values({
        userId: state.userId,
        provider: state.provider,
        providerSubscriptionId: state.providerSubscriptionId,
        planId: state.planId,
        status: state.status ?? 'active',
        currentPeriodStart: state.currentPeriodStart ?? null,
        currentPeriodEnd: state.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
        couponCode: state.couponCode ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    // A concurrent twin created it between our look and our insert: merge into theirs.
    row = await lockByProviderId(tx, state.provider, state.providerSubscriptionId);
    if (!row) return undefined;
  }
  return updateSubscription(tx, row, mergeProviderState(row, state));
}

export async function updateSubscription(db: DbOrTx, row: SubscriptionRow, patch: Patch): Promise<SubscriptionRow> {
  if (Object.keys(patch).length === 0) return row;
  const [updated] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated ?? row;
}
