import type { LedgerEntry, Transaction } from '@kettle/shared';
import { buildUser } from '@/features/posts/testing/render-posts';
import { json } from '@/testing';

export { buildUser };

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-4${prefix.slice(0, 3)}-8${prefix.slice(0, 3)}-${String(counter).padStart(12, '0')}`;
};

/** A purchase as GET /payments/transactions returns it (product.md §3 Transaction): gold, succeeded. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: nextId('aaaaaaaa-aaaa'),
    amount: '29.99',
    currency: 'usd',
    coins_purchased: 800,
    bonus_coins: 120,
    total_coins: 920,
    plan_id: 'gold_plan',
    payment_status: 'succeeded',
    stripe_payment_intent_id: 'pi_test_1',
    stripe_created_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    completed_at: '2026-11-20T10:00:05.000Z',
    transaction_metadata: {},
    ...overrides,
  };
}

export function makeLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: nextId('bbbbbbbb-bbbb'),
    delta: 50,
    balance_after: 50,
    kind: 'signup_bonus',
    reason: null,
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export const listOf = <T,>(data: T[], total = data.length, skip = 0, limit = 10) =>
  json({ data, metadata: { total_elements: total, skip, limit } });
