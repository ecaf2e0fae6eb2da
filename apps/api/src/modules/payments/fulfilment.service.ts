import { isEndedPaymentStatus, type EndedPaymentStatus } from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { creditCoins, settleCoinDebt, takeBackCoins } from '../coins/coins.service.js';
import { paymentMismatch as mismatch } from './payment-errors.js';
import { pricedPlan, planKeyFrom } from './plans.js';
import type { CheckoutSessionObject } from './providers/provider-objects.js';
import {
  findPurchaseById,
  markEnded,
  markSucceeded,
  raiseCoinsReversed,
  recordLatePayment,
  type PurchaseRow,
} from './purchases.repository.js';

const bundleName = (purchase: PurchaseRow): string => {
  const key = planKeyFrom(purchase.planId);
  return key ? pricedPlan(key).name : purchase.planId;
};

/**
 * A session reported by the provider must be the one we opened for this purchase: same purchase,
 * user and plan in its metadata, and (once an amount is known) exactly our price. Anything else
 * is refused with 400 and no coins: the coins come from our row, and the row must agree.
 */
export function assertSessionMatches(purchase: PurchaseRow, session: CheckoutSessionObject): void {
  const { metadata } = session;
  if (session.purchaseId !== null && session.purchaseId !== purchase.id) throw mismatch();
  if (metadata.purchase_id !== purchase.id) throw mismatch();
  if (metadata.user_id !== purchase.userId) throw mismatch();
  if (metadata.plan !== purchase.planId) throw mismatch();
  if (session.amountTotal !== null && session.amountTotal !== purchase.amountCents) throw mismatch();
  if (session.currency !== null && session.currency.toLowerCase() !== purchase.currency.toLowerCase()) {
    throw mismatch();
  }
  if (session.paymentStatus === 'paid' && session.amountTotal === null) throw mismatch();
}

/** What became of a paid report: credited now, already credited before, or too late to credit. */
export type FulfilOutcome = 'credited' | 'repeat' | 'late';

/**
 * A payment we will not credit, for the one who refunds it: the logs are where an operator looks
 * first (the row's metadata keeps it too, as `late_payment`).
 */
export function logLatePayment(
  log: FastifyBaseLogger | undefined,
  details: { purchaseId: string; sessionId: string; paymentIntentId: string | null; eventId?: string },
): void {
  log?.error(details, 'a checkout we had already ended was reported paid: no coins credited, refund it');
}

/**
 * Credits a paid checkout exactly once: the conditional `pending → succeeded` update decides
 * (however many notifications, retries or success-page checks race for it), and the credit runs
 * in the same transaction. An open reversal debt is settled first from the new coins.
 * A checkout we already ended (declined, cancelled, expired) is never credited: if the provider
 * says it was paid anyway, the payment is recorded on the row for an admin to refund ('late').
 */
export async function fulfilPurchase(
  tx: DbOrTx,
  purchase: PurchaseRow,
  session: CheckoutSessionObject,
  reportedBy: string,
): Promise<FulfilOutcome> {
  assertSessionMatches(purchase, session);
  const won = await markSucceeded(tx, purchase.id, session.paymentIntentId);
  if (!won) {
    const now = await findPurchaseById(tx, purchase.id);
    if (!now || !isEndedPaymentStatus(now.status)) return 'repeat';
    await recordLatePayment(tx, purchase.id, { paymentIntentId: session.paymentIntentId, reportedBy });
    return 'late';
  }
  const bonus = won.bonusCoins > 0 ? ` + ${won.bonusCoins} bonus` : '';
  await creditCoins(tx, {
    userId: won.userId,
    amount: won.totalCoins,
    kind: 'purchase',
    reason: `Bought the ${bundleName(won)} bundle (${won.coins}${bonus} coins)`,
    reference: { type: 'purchase', id: won.id },
  });
  await settleCoinDebt(tx, { userId: won.userId, reason: 'Settled coins owed from a refunded or disputed payment' });
  return 'credited';
}

/** A declined, cancelled or expired checkout ends, unless it already succeeded or ended. */
export async function endPurchase(
  tx: DbOrTx,
  purchase: PurchaseRow,
  session: CheckoutSessionObject,
  status: EndedPaymentStatus,
) {
  assertSessionMatches(purchase, session);
  return (await markEnded(tx, purchase.id, status)) !== undefined;
}

/**
 * The provider's current view of a session (success page, racing the notification): paid →
 * fulfil, expired → expired, anything else (open, or paid later by a delayed method) → wait.
 */
export async function applySessionState(
  tx: DbOrTx,
  purchase: PurchaseRow,
  session: CheckoutSessionObject,
): Promise<FulfilOutcome | 'ended' | 'waiting'> {
  if (session.status === 'complete' && session.paymentStatus === 'paid') {
    return fulfilPurchase(tx, purchase, session, 'checkout-status');
  }
  if (session.status === 'expired') {
    await endPurchase(tx, purchase, session, 'expired');
    return 'ended';
  }
  return 'waiting';
}

/**
 * A refund or dispute: raise the purchase's reversed coins to `targetReversed` and take the
 * difference back. What the balance cannot cover becomes debt (spending frozen), never a
 * negative balance. A repeat, or a smaller amount than already reversed, takes nothing.
 */
export async function reversePurchase(
  tx: DbOrTx,
  purchase: PurchaseRow,
  targetReversed: number,
  why: 'refunded' | 'disputed',
): Promise<number> {
  const added = await raiseCoinsReversed(tx, purchase.id, targetReversed);
  if (added <= 0) return 0;
  await takeBackCoins(tx, {
    userId: purchase.userId,
    amount: added,
    kind: 'purchase_reversal',
    reason: `Card payment ${why}: ${bundleName(purchase)} bundle`,
    reference: { type: 'purchase', id: purchase.id },
  });
  return added;
}

/** Coins that `refundedCents` of `amountCents` stand for: all of them for a full refund. */
export const coinsForAmount = (purchase: PurchaseRow, cents: number): number =>
  cents >= purchase.amountCents
    ? purchase.totalCoins
    : Math.min(purchase.totalCoins, Math.round((purchase.totalCoins * cents) / purchase.amountCents));
