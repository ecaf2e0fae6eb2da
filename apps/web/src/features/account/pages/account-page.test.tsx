import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, listOf, makeLedgerEntry, makeTransaction } from '@/features/payments/testing/payments-kit';
import { json, landing, renderRoute, stubApi } from '@/testing';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('says a balance once when its short form would repeat it (200, not 200 (200))', async () => {
    stubApi(
      {
        'GET /payments/transactions': () => listOf([]),
        'GET /coins/ledger': () => listOf([]),
        'GET /users/me/blocks': () => json({ blocks: [] }),
      },
      { user: { ...buildUser({ coin_balance: 200 }), username: 'avalanche' } },
    );
    renderRoute('/account', { routes: [{ path: '/account', element: <AccountPage /> }], signedIn: true });

    expect(await screen.findByText('avalanche')).toBeInTheDocument();
    expect(screen.getByText('My Coins').nextElementSibling).toHaveTextContent(/^200$/);
  });

  it('shows the profile, My Coins, the transaction history and the coin ledger beside the settings', async () => {
    stubApi(
      {
        'GET /payments/transactions': () => listOf([makeTransaction()]),
        'GET /coins/ledger': () => listOf([makeLedgerEntry({ delta: 920, kind: 'purchase', reason: 'Gold bundle' })]),
        'GET /users/me/blocks': () => json({ blocks: [] }),
      },
      { user: { ...buildUser({ coin_balance: 1_040 }), username: 'avalanche', email: 'ava@example.com' } },
    );
    renderRoute('/account', {
      routes: [{ path: '/account', element: <AccountPage /> }, landing('/buy-coins', 'Buy page')],
      signedIn: true,
    });

    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(await screen.findByText('avalanche')).toBeInTheDocument();
    expect(screen.getByText('AV')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('ava@example.com')).toBeInTheDocument();
    expect(screen.getByText('My Coins').nextElementSibling).toHaveTextContent(/^1,040 \(1.0K\)$/);
    expect(screen.getAllByRole('link', { name: 'Buy Coins' })[0]).toHaveAttribute('href', '/buy-coins');

    const history = screen.getByRole('region', { name: 'Transaction History' });
    expect(await within(history).findByText('Gold bundle')).toBeInTheDocument();
    expect(within(history).getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const ledger = screen.getByRole('region', { name: 'Coin History' });
    expect(await within(ledger).findByText('Gold bundle')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Edit username' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument();
  });
});
