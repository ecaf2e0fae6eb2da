import type { DbOrTx } from '../../db/client.js';
import { creditCoins, settleCoinDebt, takeBackCoins } from '../coins/coins.service.js';
import { paymentMismatch as mismatch } from './payment-errors.js';
import { pricedPlan, planKeyFrom } from './plans.js';
import type { CheckoutSessionObject } from './providers/provider-objects.js';
import { markFailed, markSucceeded, raiseCoinsReversed, type PurchaseRow } from './purchases.repository.js';

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

/**
 * Credits a paid checkout exactly once: the conditional `pending → succeeded` update decides
 * (however many notifications, retries or success-page checks race for it), and the credit runs
 * in the same transaction. An open reversal debt is settled first from the new coins.
 */
export async function fulfilPurchase(tx: DbOrTx, purchase: PurchaseRow, session: CheckoutSessionObject) {
  assertSessionMatches(purchase, session);
  const won = await markSucceeded(tx, purchase.id, session.paymentIntentId);
  if (!won) return false;
  const bonus = won.bonusCoins > 0 ? ` + ${won.bonusCoins} bonus` : '';
  await creditCoins(tx, {
    userId: won.userId,
    amount: won.totalCoins,
    kind: 'purchase',
    reason: `Bought the ${bundleName(won)} bundle (${won.coins}${bonus} coins)`,
    reference: { type: 'purchase', id: won.id },
  });
  await settleCoinDebt(tx, { userId: won.userId, reason: 'Settled coins owed from a refunded or disputed payment' });
  return true;
}

/** A declined, failed or expired checkout: failed, unless it already succeeded. */
export async function failPurchase(tx: DbOrTx, purchase: PurchaseRow, session: CheckoutSessionObject) {
  assertSessionMatches(purchase, session);
  return (await markFailed(tx, purchase.id)) !== undefined;
}

/**
 * The provider's current view of a session (success page, racing the notification): paid →
 * fulfil, expired → failed, anything else (open, or paid later by a delayed method) → wait.
 */
export async function applySessionState(tx: DbOrTx, purchase: PurchaseRow, session: CheckoutSessionObject) {
  if (session.status === 'complete' && session.paymentStatus === 'paid') return fulfilPurchase(tx, purchase, session);
  if (session.status === 'expired') return failPurchase(tx, purchase, session);
  return false;
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
