import { COIN_ACTIONS, DEFAULT_DAILY_DROP_COINS, DEFAULT_SIGNUP_BONUS_COINS } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing';
import { GuidePage } from './guide-page';

const renderGuide = () => renderRoute('/guide', { element: <GuidePage />, toaster: false });

/** The number shown in a cost cell or badge; the word "coins" sits next to it. */
function costIn(element: HTMLElement): number {
  return Number(within(element).getByText(/^\d+$/).textContent);
}

describe('GuidePage', () => {
  it('introduces coins with the configured sign-up bonus and daily drop', () => {
    renderGuide();
    expect(screen.getByRole('heading', { level: 1, name: 'Coin Guide' })).toBeInTheDocument();
    expect(screen.getByText(`${DEFAULT_SIGNUP_BONUS_COINS} coins`)).toBeInTheDocument();
    expect(screen.getByText(`${DEFAULT_DAILY_DROP_COINS} coins`)).toBeInTheDocument();
  });

  it('shows every action with its cost and explanation', () => {
    renderGuide();
    for (const action of COIN_ACTIONS) {
      const card = screen.getByRole('heading', { level: 3, name: action.name }).closest('li');
      if (!card) throw new Error(`${action.name} should be a list item`);
      expect(costIn(card)).toBe(action.cost);
      expect(within(card).getByText(action.explanation)).toBeInTheDocument();
    }
  });

  it('lists the quick reference in ascending order of cost', () => {
    renderGuide();
    const table = screen.getByRole('table', { name: /cheapest first/i });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(COIN_ACTIONS.length);

    const shown = rows.map((row) => ({ name: within(row).getByRole('rowheader').textContent, cost: costIn(row) }));
    const costs = shown.map((row) => row.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    for (const row of shown) {
      expect(COIN_ACTIONS.find((action) => action.name === row.name)?.cost).toBe(row.cost);
    }
  });

  it('answers the FAQ in its own tab', async () => {
    const user = userEvent.setup();
    renderGuide();
    expect(screen.queryByText('Do coins expire?')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'FAQ' }));

    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
    const summary = screen.getByText('Do coins expire?').closest('summary');
    const details = summary?.closest('details');
    if (!summary || !details) throw new Error('FAQ questions should be <details> summaries');
    expect(within(details).getByText(/Tea Coins never expire/)).toBeInTheDocument();
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(screen.getByText('What if I run out of coins?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
  });

  it('links to the terms and the contact page', () => {
    renderGuide();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
