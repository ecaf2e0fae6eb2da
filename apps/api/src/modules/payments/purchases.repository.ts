import { and, asc, count, desc, eq, like, lt, sql } from 'drizzle-orm';
import type { EndedPaymentStatus } from '@kettle/shared';
import type { DbOrTx } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { ProviderName } from './providers/payment-provider.js';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;

export async function insertPurchase(db: DbOrTx, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(purchases).values(values).returning();
  if (!row) throw new Error('insertPurchase: no row returned');
  return row;
}

export async function findPurchaseById(db: DbOrTx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function findPurchaseBySession(
  db: DbOrTx,
  provider: ProviderName,
  sessionId: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.providerSessionId, sessionId)));
  return row;
}

export async function findPurchaseByPaymentIntent(
  db: DbOrTx,
  provider: ProviderName,
  paymentIntentId: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.paymentIntentId, paymentIntentId)));
  return row;
}

export async function setProviderSession(
  db: DbOrTx,
  id: string,
  session: { sessionId: string; createdAt: Date },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ providerSessionId: session.sessionId, providerCreatedAt: session.createdAt, updatedAt: sql`now()` })
    .where(eq(purchases.id, id))
    .returning();
  return row;
}

/**
 * The exactly-once step: only the caller whose update flips `pending` to `succeeded` gets the
 * row back (a concurrent twin waits on the row lock, then finds it no longer pending).
 */
export async function markSucceeded(
  db: DbOrTx,
  id: string,
  paymentIntentId: string | null,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({
      status: 'succeeded',
      completedAt: sql`now()`,
      paymentIntentId: sql`coalesce(${paymentIntentId}, ${purchases.paymentIntentId})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
    .returning();
  return row;
}

/**
 * Ends an unpaid checkout (declined, cancelled, expired), only from pending: a late 'expired' or
 * 'failed' never undoes a success, and an ended checkout never changes its end.
 */
export async function markEnded(db: DbOrTx, id: string, status: EndedPaymentStatus): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ status, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
    .returning();
  return row;
}

/** Pending checkouts of `provider` (of one buyer, if given) opened before `before` become expired; answers how many. */
export async function expirePendingBefore(
  db: DbOrTx,
  provider: ProviderName,
  before: Date,
  userId?: string,
): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ status: 'expired', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.provider, provider),
        eq(purchases.status, 'pending'),
        lt(purchases.createdAt, before),
        userId ? eq(purchases.userId, userId) : undefined,
      ),
    )
    .returning({ id: purchases.id });
  return rows.length;
}

/** The placeholder a purchase holds until its provider names the session (see createCheckout). */
export const UNOPENED_SESSION_PREFIX = 'pending:';

/**
 * Pending checkouts whose session was never opened (the server stopped between our row and the
 * provider's answer, so no buyer ever had a page to pay on) become expired once `before` passes.
 */
export async function expireUnopenedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ status: 'expired', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.status, 'pending'),
        lt(purchases.createdAt, before),
        like(purchases.providerSessionId, `${UNOPENED_SESSION_PREFIX}%`),
      ),
    )
    .returning({ id: purchases.id });
  return rows.length;
}

/** Pending checkouts of `provider` opened before `before`, least recently looked at first. */
export function listPendingBefore(db: DbOrTx, provider: ProviderName, before: Date, limit: number) {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.status, 'pending'), lt(purchases.createdAt, before)))
    .orderBy(asc(purchases.updatedAt), asc(purchases.id))
    .limit(limit);
}

/** Marks a purchase looked at, so a batch of checkouts still waiting cannot hold back the rest. */
export async function touchPurchase(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(purchases)
    .set({ updatedAt: sql`now()` })
    .where(eq(purchases.id, id));
}

/**
 * A provider said it was paid after we had ended the checkout: no coins, but the payment is kept
 * on the row (its intent, so a refund can find it, and `late_payment` in the metadata for an
 * admin to refund). The first such report is kept.
 */
export async function recordLatePayment(
  db: DbOrTx,
  id: string,
  payment: { paymentIntentId: string | null; reportedBy: string },
): Promise<void> {
  const note = JSON.stringify({
    payment_intent: payment.paymentIntentId,
    reported_by: payment.reportedBy,
    recorded_at: new Date().toISOString(),
  });
  await db
    .update(purchases)
    .set({
      paymentIntentId: sql`coalesce(${purchases.paymentIntentId}, ${payment.paymentIntentId})`,
      metadata: sql`${purchases.metadata} || jsonb_build_object('late_payment', ${note}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), sql`not (${purchases.metadata} ? 'late_payment')`));
}

/**
 * Raises the coins reversed so far to `target` (never lowers it) and answers how many more that
 * is: 0 for a repeat. A full reversal marks the purchase refunded. The row lock orders racing twins.
 */
export async function raiseCoinsReversed(db: DbOrTx, id: string, target: number): Promise<number> {
  const result = await db.execute(sql`
    with old as (
      select id, coins_reversed from ${purchases}
      where id = ${id} and status in ('succeeded', 'refunded')
      for update
    )
    update ${purchases} p
    set coins_reversed = least(${target}::int, p.total_coins),
        status = case when least(${target}::int, p.total_coins) >= p.total_coins then 'refunded' else p.status end,
        updated_at = now()
    from old
    where p.id = old.id and old.coins_reversed < least(${target}::int, p.total_coins)
    returning p.coins_reversed - old.coins_reversed as added`);
  const [row] = rowsOf<{ added: number }>(result);
  return row ? Number(row.added) : 0;
}

export async function listPurchases(
  db: DbOrTx,
  userId: string,
  page: { skip: number; limit: number },
): Promise<{ rows: PurchaseRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .offset(page.skip)
      .limit(page.limit),
    db.select({ n: count() }).from(purchases).where(eq(purchases.userId, userId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
