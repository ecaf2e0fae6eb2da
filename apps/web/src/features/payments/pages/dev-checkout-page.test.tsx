import { DEFAULT_PLANS, type DevCheckout } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, landing, renderRoute, stubApi } from '@/testing';
import { DevCheckoutPage } from './dev-checkout-page';
import { buildUser } from '../testing/payments-kit';

const SESSION = 'cs_dev_0123456789';

const checkout = (patch: Partial<DevCheckout> = {}): DevCheckout => ({
  session_id: SESSION,
  plan: DEFAULT_PLANS.gold,
  total_coins: 920,
  payment_status: 'pending',
  success_url: `/payment/success?session_id=${SESSION}`,
  cancel_url: '/payment/cancelled',
  ...patch,
});

const renderCheckout = () =>
  renderRoute(`/checkout/dev/${SESSION}`, {
    routes: [
      { path: '/checkout/dev/:sessionId', element: <DevCheckoutPage /> },
      { path: '/payment/success', element: <SuccessProbe /> },
      landing('/payment/cancelled', 'Cancelled page'),
      landing('/buy-coins', 'Buy page'),
    ],
    history: ['/buy-coins'],
    signedIn: true,
  });

function SuccessProbe() {
  const [params] = useSearchParams();
  return <h1>Success page for {params.get('session_id')}</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeToast();
});

describe('DevCheckoutPage', () => {
  it('shows a labelled test checkout with the bundle, coins and price, and no card fields', async () => {
    stubApi({ [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout()) }, { user: buildUser() });
    renderCheckout();

    expect(screen.getByRole('status', { name: 'Loading checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kettle Test Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Test checkout')).toBeInTheDocument();
    expect(screen.getByText('Bundle').nextElementSibling).toHaveTextContent('Gold');
    expect(screen.getByText('Coins').nextElementSibling).toHaveTextContent('800 + 120 bonus = 920 Tea Coins');
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent('$29.99');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    for (const name of ['Pay', 'Decline', 'Cancel']) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('pays, then follows the answer to the success page', async () => {
    const { calls } = stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout()),
        [`POST /payments/dev-checkout/${SESSION}`]: () =>
          json({ redirect_url: `${window.location.origin}/payment/success?session_id=${SESSION}` }),
      },
      { user: buildUser() },
    );
    const { router, user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: `Success page for ${SESSION}` });
    expect(router.state.location.pathname).toBe('/payment/success');
    expect(router.state.location.search).toBe(`?session_id=${SESSION}`);
    expect(callsTo(calls, `POST /payments/dev-checkout/${SESSION}`).map((c) => c.body)).toEqual([{ action: 'pay' }]);
    // Replaced: Back does not return to a settled checkout.
    await router.navigate(-1);
    await screen.findByRole('heading', { name: 'Buy page' });
  });

  it('declines, then follows the answer to the result page', async () => {
    const { calls } = stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout()),
        [`POST /payments/dev-checkout/${SESSION}`]: () =>
          json({ redirect_url: `/payment/success?session_id=${SESSION}` }),
      },
      { user: buildUser() },
    );
    const { user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: `Success page for ${SESSION}` })).toBeInTheDocument();
    expect(callsTo(calls, `POST /payments/dev-checkout/${SESSION}`).map((c) => c.body)).toEqual([
      { action: 'decline' },
    ]);
  });

  it('Cancel tells the server (the purchase ends at once), then follows the answer to the cancelled page', async () => {
    const { calls } = stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout()),
        [`POST /payments/dev-checkout/${SESSION}`]: () => json({ redirect_url: '/payment/cancelled?plan=gold' }),
      },
      { user: buildUser() },
    );
    const { router, user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Cancelled page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment/cancelled');
    expect(router.state.location.search).toBe('?plan=gold');
    expect(callsTo(calls, `POST /payments/dev-checkout/${SESSION}`).map((c) => c.body)).toEqual([{ action: 'cancel' }]);
  });

  it('says when the action is refused and keeps the buttons', async () => {
    stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout()),
        [`POST /payments/dev-checkout/${SESSION}`]: () => json({ detail: 'Conflict' }, 409),
      },
      { user: buildUser() },
    );
    const { user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Checkout failed')).toBeInTheDocument();
    expect(screen.getByText('Conflict')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('shows a checkout that is already paid instead of the buttons', async () => {
    stubApi(
      { [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout({ payment_status: 'succeeded' })) },
      { user: buildUser() },
    );
    renderCheckout();

    expect(await screen.findByRole('heading', { name: 'Already Paid' })).toBeInTheDocument();
    expect(screen.getByText(/Its 920 coins are in your account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Your Coins' })).toHaveAttribute(
      'href',
      `/payment/success?session_id=${SESSION}`,
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it.each([
    ['failed', 'Payment Declined', 'This checkout was declined. Nothing was charged.'],
    ['cancelled', 'Checkout Cancelled', 'This checkout was cancelled. Nothing was charged.'],
    ['expired', 'Checkout Expired', 'This checkout has expired. Nothing was charged.'],
  ] as const)('shows a %s checkout as ended, with no way to pay it', async (payment_status, title, text) => {
    stubApi(
      { [`GET /payments/dev-checkout/${SESSION}`]: () => json(checkout({ payment_status })) },
      { user: buildUser() },
    );
    renderCheckout();

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('says when the checkout does not exist', async () => {
    stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () => json({ detail: 'The requested resource was not found.' }, 404),
      },
      { user: buildUser() },
    );
    renderCheckout();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout Not Found' });
    expect(within(heading.parentElement as HTMLElement).getByText('Payment resource not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
  });

  it('offers Try Again when the checkout cannot be loaded', async () => {
    let fail = true;
    stubApi(
      {
        [`GET /payments/dev-checkout/${SESSION}`]: () =>
          fail ? json({ detail: 'Server error. Please try again later.' }, 500) : json(checkout()),
      },
      { user: buildUser() },
    );
    const { user } = renderCheckout();

    expect(
      await screen.findByRole('heading', { name: 'Unable to Load Checkout' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment server error. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });
});
