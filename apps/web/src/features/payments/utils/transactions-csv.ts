import { TRANSACTION_CSV_COLUMNS, type Transaction } from '@kettle/shared';
import { fileDate } from '@/lib/download-file';
import { statusLabel } from './payment-status';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The cells of one transaction, in the order of TRANSACTION_CSV_COLUMNS (product.md §9); the status as Transactions labels it. */
const rowOf = (t: Transaction): Array<string | number | null> => [
  t.id,
  t.amount,
  t.currency.toUpperCase(),
  t.coins_purchased,
  t.bonus_coins,
  t.total_coins,
  statusLabel(t.payment_status),
  t.created_at,
  t.stripe_payment_intent_id,
];

export function transactionsCsv(transactions: ReadonlyArray<Transaction>): string {
  const lines = [TRANSACTION_CSV_COLUMNS, ...transactions.map(rowOf)].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** 'transactions-2026-11-22.csv', the user's own calendar day. */
export const transactionsCsvFileName = (now: Date = new Date()): string => `transactions-${fileDate(now)}.csv`;

/** The CSV as a file, made on the device from the loaded page: nothing is sent anywhere. */
export const transactionsCsvFile = (transactions: ReadonlyArray<Transaction>): Blob =>
  new Blob([transactionsCsv(transactions)], { type: 'text/csv;charset=utf-8' });
