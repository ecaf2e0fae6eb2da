import { DEFAULT_PLANS } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, renderRoute, stubApi } from '@/testing';
import { BuyCoinsPage } from './buy-coins-page';
import { buildUser } from '../testing/payments-kit';

const SERVER_PLANS = {
  plans: {
    ...DEFAULT_PLANS,
    gold: { ...DEFAULT_PLANS.gold, price: 24.5, bonus_coins: 150 },
  },
  provider: 'stripe',
  publishable_key: 'pk_test_123',
};

const renderBuy = () =>
  renderRoute('/buy-coins', { routes: [{ path: '/buy-coins', element: <BuyCoinsPage /> }], signedIn: true });
const card = (name: string) => screen.getByRole('article', { name });

let assign: MockInstance<Location['assign']>;
beforeEach(() => {
  // Leaving for the provider's page is the one thing a test browser cannot do: record it instead.
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeToast();
});

describe('BuyCoinsPage', () => {
  it('shows the four bundles from the server with coins, bonus and price', async () => {
    stubApi({ 'GET /payments/plans': () => json(SERVER_PLANS) }, { user: buildUser() });
    renderBuy();

    expect(screen.getByRole('heading', { level: 1, name: 'Buy Tea Coins' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Whale',
    ]);
    expect(within(gold).getByText('800')).toBeInTheDocument();
    expect(within(gold).getByText('+150 bonus')).toBeInTheDocument();
    expect(within(gold).getByText('$24.50')).toBeInTheDocument();
    expect(within(gold).getByText('950 coins in all')).toBeInTheDocument();
    expect(within(card('Bronze')).getByText('No bonus')).toBeInTheDocument();
    expect(within(card('Bronze')).getByText('$4.99')).toBeInTheDocument();
    expect(within(card('Whale')).getByText('+400 bonus')).toBeInTheDocument();
    // Most coins per dollar at these prices is gold; whale is not marked.
    expect(within(gold).getByText('Best value')).toBeInTheDocument();
    expect(within(card('Whale')).queryByText('Best value')).not.toBeInTheDocument();
    expect(screen.queryByText('Error loading plans')).not.toBeInTheDocument();
    expect(screen.getByText(/Secure card checkout on Stripe/)).toBeInTheDocument();
  });

  it('falls back to the default bundles and says so when the plans call fails', async () => {
    const { calls } = stubApi(
      {
        'GET /payments/plans': () => json({ detail: 'Server error. Please try again later.' }, 500),
      },
      { user: buildUser() },
    );
    renderBuy();

    expect(await screen.findByText('Error loading plans', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Using default pricing. Please refresh to try again.')).toBeInTheDocument();
    // product.md §7: one retry, then the defaults of §9.
    expect(callsTo(calls, 'GET /payments/plans')).toHaveLength(2);
    expect(within(card('Gold')).getByText('$29.99')).toBeInTheDocument();
    expect(within(card('Gold')).getByText('+120 bonus')).toBeInTheDocument();
    expect(within(card('Silver')).getByText('$12.99')).toBeInTheDocument();
    expect(within(card('Whale')).getByText('$69.99')).toBeInTheDocument();
    expect(within(card('Whale')).getByText('Best value')).toBeInTheDocument();
    expect(within(card('Gold')).getByRole('button', { name: 'Buy Gold' })).toBeEnabled();
  });

  it('starts checkout for the chosen bundle, says it is redirecting and goes to the returned url', async () => {
    let finish: (response: Response) => void = () => undefined;
    const { calls } = stubApi(
      {
        'GET /payments/plans': () => json(SERVER_PLANS),
        'POST /payments/create-checkout-session': () => new Promise<Response>((resolve) => (finish = resolve)),
      },
      { user: buildUser() },
    );
    const { user } = renderBuy();

    await user.click(await screen.findByRole('button', { name: 'Buy Gold' }));
    expect(await screen.findByText('Redirecting to checkout...')).toBeInTheDocument();
    expect(within(card('Gold')).getByRole('button')).toHaveTextContent('Redirecting...');
    for (const name of ['Bronze', 'Silver', 'Gold', 'Whale'])
      expect(within(card(name)).getByRole('button')).toBeDisabled();
    expect(callsTo(calls, 'POST /payments/create-checkout-session')[0]?.body).toEqual({ plan_id: 'gold' });

    finish(json({ session_id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('shows the payments message when checkout cannot start, and gives the buttons back', async () => {
    stubApi(
      {
        'GET /payments/plans': () => json(SERVER_PLANS),
        'POST /payments/create-checkout-session': () =>
          json({ detail: 'Validation failed. Please check your input.' }, 422),
      },
      { user: buildUser() },
    );
    const { user } = renderBuy();

    await user.click(await screen.findByRole('button', { name: 'Buy Silver' }));
    expect(await screen.findByText('Failed to start checkout')).toBeInTheDocument();
    expect(screen.getByText('Payment validation failed. Please check your details.')).toBeInTheDocument();
    expect(within(card('Silver')).getByRole('button', { name: 'Buy Silver' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps a specific refusal from the server, such as the rate limit', async () => {
    stubApi(
      {
        'GET /payments/plans': () => json(SERVER_PLANS),
        'POST /payments/create-checkout-session': () =>
          json({ detail: 'Too many payment requests. Please try again later.', code: 'RATE_LIMITED' }, 429),
      },
      { user: buildUser() },
    );
    const { user } = renderBuy();

    await user.click(await screen.findByRole('button', { name: 'Buy Whale' }));
    expect(await screen.findByText('Too many payment requests. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Failed to start checkout')).toBeInTheDocument();
  });

  it('refuses to follow a checkout url that is not http(s)', async () => {
    stubApi(
      {
        'GET /payments/plans': () => json(SERVER_PLANS),
        'POST /payments/create-checkout-session': () => json({ session_id: 'cs_1', url: 'javascript:alert(1)' }),
      },
      { user: buildUser() },
    );
    const { user } = renderBuy();

    await user.click(await screen.findByRole('button', { name: 'Buy Bronze' }));
    expect(await screen.findByText('Checkout failed')).toBeInTheDocument();
    expect(screen.getByText('Payment server error. Please try again later.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(within(card('Bronze')).getByRole('button')).toBeEnabled();
  });
});
