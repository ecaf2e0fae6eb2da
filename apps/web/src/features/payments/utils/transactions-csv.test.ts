import { TRANSACTION_CSV_COLUMNS } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../testing/payments-kit';
import { sortTransactions } from './sort-transactions';
import { statusTone } from './payment-status';
import { csvCell, transactionsCsv, transactionsCsvFileName } from './transactions-csv';

describe('transactions CSV', () => {
  it('has the columns of product.md §9 in order, one line per transaction, CRLF line ends', () => {
    const t = makeTransaction({ id: '0b6a2c1e-5d2f-4c3a-9b1e-2f3a4b5c6d7e' });
    const csv = transactionsCsv([t]);
    expect(csv).toBe(
      'ID,Amount,Currency,Coins Purchased,Bonus Coins,Total Coins,Status,Created Date,Payment Intent ID\r\n' +
        '0b6a2c1e-5d2f-4c3a-9b1e-2f3a4b5c6d7e,29.99,USD,800,120,920,Succeeded,2026-11-20T10:00:00.000Z,pi_test_1\r\n',
    );
    expect(csv.split('\r\n')[0]?.split(',')).toEqual([...TRANSACTION_CSV_COLUMNS]);
  });

  it('leaves a missing payment intent empty', () => {
    const csv = transactionsCsv([makeTransaction({ stripe_payment_intent_id: null, payment_status: 'pending' })]);
    expect(csv.split('\r\n')[1]).toMatch(/,Pending,2026-11-20T10:00:00\.000Z,$/);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(null)).toBe('');
    expect(csvCell(920)).toBe('920');
    const csv = transactionsCsv([makeTransaction({ stripe_payment_intent_id: 'pi_"odd",id' })]);
    expect(csv.split('\r\n')[1]?.endsWith(',"pi_""odd"",id"')).toBe(true);
  });

  it('is named with the local date', () => {
    expect(transactionsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('transactions-2026-01-05.csv');
    expect(transactionsCsvFileName(new Date(2026, 10, 22))).toBe('transactions-2026-11-22.csv');
  });
});

describe('sorting and status colours', () => {
  const cheap = makeTransaction({ amount: '4.99', total_coins: 100, created_at: '2026-11-21T00:00:00.000Z' });
  const big = makeTransaction({ amount: '69.99', total_coins: 2400, created_at: '2026-11-01T00:00:00.000Z' });
  const mid = makeTransaction({ amount: '12.99', total_coins: 330, created_at: '2026-11-10T00:00:00.000Z' });

  it('sorts newest, highest amount (as a number, not text) and most coins', () => {
    expect(sortTransactions([big, cheap, mid], 'newest')).toEqual([cheap, mid, big]);
    expect(sortTransactions([cheap, mid, big], 'amount')).toEqual([big, mid, cheap]);
    expect(sortTransactions([cheap, big, mid], 'coins')).toEqual([big, mid, cheap]);
  });

  it("colours succeeded and 'completed' alike", () => {
    expect(statusTone('succeeded')).toBe('success');
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('failed')).toBe('danger');
    expect(statusTone('refunded')).toBe('neutral');
  });
});
