import { TRANSACTION_CSV_COLUMNS } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, landing, renderRoute, stubApi } from '@/testing';
import { transactionsKey } from '../api/get-transactions';
import { listOf, makeTransaction } from '../testing/payments-kit';
import { transactionsCsvFileName } from '../utils/transactions-csv';
import { TransactionsPage } from './transactions-page';
import { buildUser } from '../testing/payments-kit';

const LIST = 'GET /payments/transactions';
const renderPage = (entry = '/transactions') =>
  renderRoute(entry, {
    routes: [{ path: '/transactions', element: <TransactionsPage /> }, landing('/purchase', 'Purchase page')],
    signedIn: true,
  });

const rowsOf = () => within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

// A promotional bonus: more coins than silver for less money, so the two sorts differ.
const bronze = makeTransaction({
  amount: '4.99',
  coins_purchased: 100,
  bonus_coins: 400,
  total_coins: 500,
  plan_id: 'bronze_plan',
  payment_status: 'pending',
  stripe_payment_intent_id: null,
  created_at: '2026-11-21T08:00:00.000Z',
});
const whale = makeTransaction({
  amount: '69.99',
  coins_purchased: 2000,
  bonus_coins: 400,
  total_coins: 2400,
  plan_id: 'whale_plan',
  payment_status: 'failed',
  created_at: '2026-11-02T08:00:00.000Z',
});
const silver = makeTransaction({
  amount: '12.99',
  coins_purchased: 300,
  bonus_coins: 30,
  total_coins: 330,
  plan_id: 'silver_plan',
  payment_status: 'refunded',
  stripe_payment_intent_id: 'pi_with,"comma"',
  created_at: '2026-11-15T08:00:00.000Z',
});
const gold = makeTransaction({ created_at: '2026-11-10T08:00:00.000Z' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('TransactionsPage', () => {
  it('lists a page of 10 purchases with coins, amounts and coloured statuses', async () => {
    const { calls } = stubApi({ [LIST]: () => listOf([gold, bronze, whale, silver]) }, { user: buildUser() });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading transactions' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Transactions' });
    expect(query(callsTo(calls, LIST)[0]?.url)).toEqual({ skip: '0', limit: '10' });
    expect(screen.getByText('4 purchases.')).toBeInTheDocument();

    const [first] = rowsOf();
    expect(first).toHaveTextContent('Bronze bundle');
    const goldRow = rowsOf().find((row) => row.textContent?.includes('Gold bundle')) as HTMLElement;
    expect(within(goldRow).getByText('920 coins')).toBeInTheDocument();
    expect(within(goldRow).getByText('800 + 120 bonus')).toBeInTheDocument();
    expect(within(goldRow).getByText('$29.99')).toBeInTheDocument();

    const tones = Object.fromEntries(
      rowsOf().map((row) => {
        const badge = within(row).getByText(/^Status:/).parentElement as HTMLElement;
        return [badge.textContent?.replace('Status: ', ''), badge.dataset.tone];
      }),
    );
    expect(tones).toEqual({ Succeeded: 'success', Pending: 'warning', Failed: 'danger', Refunded: 'neutral' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('labels checkouts that ended unpaid (cancelled, expired, failed) in the list and in the CSV', async () => {
    const ended = (['cancelled', 'expired', 'failed'] as const).map((payment_status, i) =>
      makeTransaction({ payment_status, stripe_payment_intent_id: null, created_at: `2026-11-1${i}T08:00:00.000Z` }),
    );
    stubApi({ [LIST]: () => listOf(ended) }, { user: buildUser() });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage();

    await screen.findByRole('list', { name: 'Transactions' });
    const badges = rowsOf().map((row) => {
      const badge = within(row).getByText(/^Status:/).parentElement as HTMLElement;
      return [badge.textContent, badge.dataset.tone];
    });
    expect(badges).toEqual([
      ['Status: Failed', 'danger'],
      ['Status: Expired', 'neutral'],
      ['Status: Cancelled', 'neutral'],
    ]);
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await blobs[0]?.text())?.split('\r\n') ?? [];
    expect(lines.slice(1, 4).map((line) => line.split(',')[6])).toEqual(['Failed', 'Expired', 'Cancelled']);
  });

  it('sorts the loaded page newest first, by highest amount or by most coins', async () => {
    stubApi({ [LIST]: () => listOf([gold, bronze, whale, silver]) }, { user: buildUser() });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Transactions' });
    const order = () => rowsOf().map((row) => row.querySelector('p')?.textContent);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });

    expect(sort).toHaveValue('newest');
    expect(order()).toEqual(['Bronze bundle', 'Silver bundle', 'Gold bundle', 'Whale bundle']);
    await user.selectOptions(sort, 'Highest amount');
    expect(order()).toEqual(['Whale bundle', 'Gold bundle', 'Silver bundle', 'Bronze bundle']);
    await user.selectOptions(sort, 'Most coins');
    expect(order()).toEqual(['Whale bundle', 'Gold bundle', 'Bronze bundle', 'Silver bundle']);
    await user.selectOptions(sort, 'Newest first');
    expect(order()[0]).toBe('Bronze bundle');
  });

  it('exports the loaded transactions as CSV named with the date', async () => {
    stubApi({ [LIST]: () => listOf([gold, silver]) }, { user: buildUser() });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(downloads).toEqual([{ name: transactionsCsvFileName(), href: 'blob:transactions' }]);
    expect(downloads[0]?.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const lines = (await blobs[0]?.text())?.split('\r\n') ?? [];
    expect(lines[0]).toBe(TRANSACTION_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(`${silver.id},12.99,USD,300,30,330,Refunded,2026-11-15T08:00:00.000Z,"pi_with,""comma"""`);
    expect(lines[2]).toBe(`${gold.id},29.99,USD,800,120,920,Succeeded,2026-11-10T08:00:00.000Z,pi_test_1`);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('pages through the history 10 at a time, the page in the address bar', async () => {
    const { calls } = stubApi(
      {
        [LIST]: ({ url }) => listOf([makeTransaction()], 25, Number(url.searchParams.get('skip'))),
      },
      { user: buildUser() },
    );
    const { router, user } = renderPage();
    await screen.findByRole('list', { name: 'Transactions' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(query(callsTo(calls, LIST).at(-1)?.url)).toEqual({ skip: '20', limit: '10' }));
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('offers Buy Coins (to /purchase) when there are no purchases', async () => {
    stubApi({ [LIST]: () => listOf([]) }, { user: buildUser() });
    const { user } = renderPage();

    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const empty = screen.getByRole('heading', { name: 'No transactions yet' }).parentElement as HTMLElement;
    await user.click(within(empty).getByRole('link', { name: 'Buy Coins' }));
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
  });

  it("shows 'Unable to Load Transactions' after one retry, and Try Again loads them", async () => {
    let fail = true;
    const { calls } = stubApi(
      {
        [LIST]: () => (fail ? json({ detail: 'Server error. Please try again later.' }, 500) : listOf([gold])),
      },
      { user: buildUser() },
    );
    const { user } = renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Unable to Load Transactions' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment server error. Please try again later.')).toBeInTheDocument();
    expect(callsTo(calls, LIST)).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Gold bundle')).toBeInTheDocument();
  });

  it('keeps showing the cached history when a refetch fails, and says so', async () => {
    let fail = false;
    stubApi(
      { [LIST]: () => (fail ? json({ detail: 'Server error. Please try again later.' }, 503) : listOf([gold])) },
      { user: buildUser() },
    );
    const { queryClient } = renderPage();
    await screen.findByText('Gold bundle');

    fail = true;
    await queryClient.invalidateQueries({ queryKey: transactionsKey });
    expect(
      await screen.findByText('Connection issue detected, Showing cached data', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Gold bundle')).toBeInTheDocument();
  });
});
