import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, makeLedgerEntry } from '@/features/payments/testing/payments-kit';
import { callsTo, json, renderRoute, stubApi } from '@/testing';
import { ledgerKindLabel } from '../utils/ledger-labels';
import { CoinLedgerPanel } from './coin-ledger-panel';
import { buildUser } from '@/features/payments/testing/payments-kit';

const LEDGER = 'GET /coins/ledger';
const renderPanel = () =>
  renderRoute('/account', { routes: [{ path: '/account', element: <CoinLedgerPanel /> }], signedIn: true });
const rows = () => within(screen.getByRole('list', { name: 'Coin history' })).getAllByRole('listitem');
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

afterEach(() => vi.unstubAllGlobals());

describe('CoinLedgerPanel', () => {
  it('lists every earn and spend with its sign, colour, reason, date and balance after', async () => {
    const { calls } = stubApi(
      {
        [LEDGER]: () =>
          listOf([
            makeLedgerEntry({
              delta: 920,
              balance_after: 1_010,
              kind: 'purchase',
              reason: 'Gold bundle',
              created_at: '2026-11-20T10:00:00.000Z',
            }),
            makeLedgerEntry({ delta: -40, balance_after: 90, kind: 'unlock', reason: 'Unlocked "Party tea"' }),
            makeLedgerEntry({ delta: 50, balance_after: 130, kind: 'signup_bonus', reason: null }),
            makeLedgerEntry({ delta: 25, balance_after: 155, kind: 'admin_add', reason: 'Sorry about the outage' }),
          ]),
      },
      { user: buildUser() },
    );
    renderPanel();

    expect(screen.getByRole('region', { name: 'Coin History' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading coin history' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Coin history' });
    expect(query(callsTo(calls, LEDGER)[0]?.url)).toEqual({ skip: '0', limit: '10' });

    const [purchase, unlock, bonus, grant] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(purchase).getByText('Gold bundle')).toBeInTheDocument();
    // The reason already says what happened: the kind is not repeated beside it.
    expect(within(purchase).queryByText('Coin purchase')).not.toBeInTheDocument();
    const gain = within(purchase).getByText('+920', { exact: false });
    expect(gain).toHaveTextContent('+920 coins');
    expect(gain).toHaveAttribute('data-direction', 'earn');
    expect(gain).toHaveClass('text-success');
    expect(within(purchase).getByText('Balance 1,010')).toBeInTheDocument();
    expect(within(purchase).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-11-20T10:00:00.000Z',
    );

    const spend = within(unlock).getByText('-40', { exact: false });
    expect(spend).toHaveAttribute('data-direction', 'spend');
    expect(spend).toHaveClass('text-destructive');
    expect(within(unlock).getByText('Unlocked "Party tea"')).toBeInTheDocument();
    expect(within(unlock).queryByText('Unlocked a tea')).not.toBeInTheDocument();

    // No reason stored: the kind says what happened, once.
    expect(within(bonus).getAllByText('Sign-up bonus')).toHaveLength(1);
    // An admin's own words: the kind says who gave the coins.
    expect(within(grant).getByText('Sorry about the outage')).toBeInTheDocument();
    expect(within(grant).getByText('Added by an admin')).toBeInTheDocument();
  });

  it('pages 10 at a time', async () => {
    const { calls } = stubApi(
      {
        [LEDGER]: ({ url }) => listOf([makeLedgerEntry()], 15, Number(url.searchParams.get('skip'))),
      },
      { user: buildUser() },
    );
    const { user } = renderPanel();
    await screen.findByRole('list', { name: 'Coin history' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(query(callsTo(calls, LEDGER).at(-1)?.url)).toEqual({ skip: '10', limit: '10' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    stubApi({ [LEDGER]: () => listOf([]) }, { user: buildUser() });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No coin activity yet' })).toBeInTheDocument();
  });

  it('shows the error with Try Again', async () => {
    let fail = true;
    stubApi(
      {
        [LEDGER]: () =>
          fail ? json({ detail: "You don't have permission to perform this action." }, 403) : listOf([]),
      },
      { user: buildUser() },
    );
    const { user } = renderPanel();

    expect(await screen.findByRole('heading', { name: 'Unable to Load Coin History' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to perform this action.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No coin activity yet' })).toBeInTheDocument();
  });

  it('names unknown kinds readably', () => {
    expect(ledgerKindLabel('purchase_reversal')).toBe('Purchase reversed');
    expect(ledgerKindLabel('subscription_grant')).toBe('Subscription coins');
    expect(ledgerKindLabel('mystery_box')).toBe('Mystery box');
  });
});
