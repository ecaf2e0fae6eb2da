import type { Transaction } from '@kettle/shared';

export const TRANSACTION_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'amount', label: 'Highest amount' },
  { value: 'coins', label: 'Most coins' },
] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number]['value'];

export const isTransactionSort = (value: string): value is TransactionSort =>
  TRANSACTION_SORTS.some((sort) => sort.value === value);

const time = (t: Transaction) => Date.parse(t.created_at) || 0;
const amount = (t: Transaction) => Number.parseFloat(t.amount) || 0;

const COMPARE: Record<TransactionSort, (a: Transaction, b: Transaction) => number> = {
  newest: (a, b) => time(b) - time(a),
  amount: (a, b) => amount(b) - amount(a) || time(b) - time(a),
  coins: (a, b) => b.total_coins - a.total_coins || time(b) - time(a),
};

/** Sorts the loaded page (product.md §2: newest, highest amount, most coins); ties go newest first. */
export const sortTransactions = (transactions: ReadonlyArray<Transaction>, sort: TransactionSort): Transaction[] =>
  [...transactions].sort(COMPARE[sort]);
