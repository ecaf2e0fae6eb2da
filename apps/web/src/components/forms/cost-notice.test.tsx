import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCoinCost } from '@/lib/coin-cost';
import { renderWithBalance } from '@/testing/render-with-balance';
import { CostNotice } from './cost-notice';

afterEach(() => vi.unstubAllGlobals());

function Paid({ cost, inline }: { cost: number; inline?: boolean }) {
  const price = useCoinCost(cost);
  return (
    <>
      <CostNotice price={price} id="cost" inline={inline} />
      <button disabled={price.shortfall > 0} aria-describedby="cost">
        Pay
      </button>
    </>
  );
}

describe('CostNotice with useCoinCost', () => {
  it('shows the cost and the balance, and no shortfall when the balance covers it', async () => {
    renderWithBalance(<Paid cost={40} />, 40);
    expect(await screen.findByText('Your balance')).toBeInTheDocument();
    expect(screen.getAllByText('40 Tea Coins')).toHaveLength(2);
    expect(screen.queryByText(/You need/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('says how many coins are missing, links to Buy Coins, and describes the disabled confirm', async () => {
    const { user, router } = renderWithBalance(<Paid cost={40} />, 25);
    const pay = await screen.findByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(expect.stringContaining('You need 15 more Tea Coins.'));
    expect(screen.getByText('25 Tea Coins')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Buy Coins' }));
    expect(router.state.location.pathname).toBe('/buy-coins');
  });

  it('says "1 more Tea Coin" in the one-line form', async () => {
    renderWithBalance(<Paid cost={10} inline />, 9);
    expect(await screen.findByText('You need 1 more Tea Coin.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
  });
});
