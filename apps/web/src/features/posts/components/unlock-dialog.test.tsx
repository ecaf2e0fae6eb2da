import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithBalance } from '@/testing/render-with-balance';
import { UnlockDialog } from './unlock-dialog';

afterEach(() => vi.unstubAllGlobals());

const post = { id: '99999999-9999-4999-8999-000000000001', title: 'Pricey tea', unlock_price: 40 };
const renderDialog = (balance: number) =>
  renderWithBalance(<UnlockDialog post={post} open onOpenChange={() => undefined} />, balance);

describe('UnlockDialog', () => {
  it('with 25 of 40 coins: Unlock is disabled, says "You need 15 more Tea Coins" and links to Buy Coins', async () => {
    const { calls, user } = renderDialog(25);
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock this tea?' });
    expect(within(dialog).getByText('40 Tea Coins')).toBeInTheDocument();
    expect(within(dialog).getByText('25 Tea Coins')).toBeInTheDocument();
    const unlock = within(dialog).getByRole('button', { name: 'Unlock' });
    expect(unlock).toBeDisabled();
    expect(unlock).toHaveAccessibleDescription(expect.stringContaining('You need 15 more Tea Coins.'));
    expect(within(dialog).getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    await user.click(unlock);
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('with enough coins: Unlock is enabled and nothing says coins are missing', async () => {
    renderDialog(40);
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock this tea?' });
    expect(within(dialog).getAllByText('40 Tea Coins')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Unlock' })).toBeEnabled();
    expect(within(dialog).queryByText(/You need/)).not.toBeInTheDocument();
  });
});
