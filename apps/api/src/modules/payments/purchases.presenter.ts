import type { Transaction } from '@kettle/shared';
import { decimalAmount } from './plans.js';
import type { PurchaseRow } from './purchases.repository.js';

const metadataOf = (row: PurchaseRow): Record<string, unknown> =>
  row.metadata && typeof row.metadata === 'object' && !Array.isArray(row.metadata)
    ? (row.metadata as Record<string, unknown>)
    : {};

/** product.md §3 'Transaction': every field listed; the provider's ids only as the spec names them. */
export const toTransaction = (row: PurchaseRow): Transaction => ({
  id: row.id,
  amount: decimalAmount(row.amountCents),
  currency: row.currency,
  coins_purchased: row.coins,
  bonus_coins: row.bonusCoins,
  total_coins: row.totalCoins,
  plan_id: row.planId,
  payment_status: row.status,
  stripe_payment_intent_id: row.paymentIntentId,
  stripe_created_at: row.providerCreatedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
  transaction_metadata: { ...metadataOf(row), provider: row.provider, coins_reversed: row.coinsReversed },
});
