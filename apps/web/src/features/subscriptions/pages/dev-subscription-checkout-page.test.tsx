import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PLANS, type DevSubscriptionCheckout } from '@kettle/shared';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, renderRoute, stubApi } from '@/testing';
import { DevSubscriptionCheckoutPage } from './dev-subscription-checkout-page';

const SESSION = 'dev_subcs_0123456789abcdef';
const PAGE = `/payments/subscription/dev/${SESSION}`;
const origin = () => window.location.origin;

const checkout = (patch: Partial<DevSubscriptionCheckout> = {}): DevSubscriptionCheckout => ({
  session_id: SESSION,
  plan: SUBSCRIPTION_PLANS.brew,
  status: 'open',
  success_url: `${origin()}/account?subscription=success#subscription`,
  cancel_url: `${origin()}/account?subscription=cancelled#subscription`,
  ...patch,
});

function AccountProbe() {
  const location = useLocation();
  return <h1>Account {`${location.search}${location.hash}`}</h1>;
}

const renderPage = () =>
  renderRoute(`/subscription/dev/${SESSION}`, {
    routes: [
      { path: '/subscription/dev/:sessionId', element: <DevSubscriptionCheckoutPage /> },
      { path: '/account', element: <AccountProbe /> },
    ],
    history: ['/account'],
    signedIn: true,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('DevSubscriptionCheckoutPage', () => {
  it('shows the plan, its coins and monthly price, and no card fields', async () => {
    stubApi({ [`GET ${PAGE}`]: () => json(checkout()) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kettle Test Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Plan').nextElementSibling).toHaveTextContent('Strong Brew');
    expect(screen.getByText('Coins').nextElementSibling).toHaveTextContent('1,200 Tea Coins every month');
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent('$19.99 a month');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('Pay starts the subscription and goes back to My Account', async () => {
    const { calls } = stubApi({
      [`GET ${PAGE}`]: () => json(checkout()),
      [`POST ${PAGE}`]: () => json({ redirect_url: checkout().success_url }),
    });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(
      await screen.findByRole('heading', { name: 'Account ?subscription=success#subscription' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, `POST ${PAGE}`).map((c) => c.body)).toEqual([{ action: 'pay' }]);
    // Replaced: Back does not return to the closed checkout.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('Cancel closes the checkout and goes back to My Account', async () => {
    const { calls } = stubApi({
      [`GET ${PAGE}`]: () => json(checkout()),
      [`POST ${PAGE}`]: () => json({ redirect_url: checkout().cancel_url }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { name: 'Account ?subscription=cancelled#subscription' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, `POST ${PAGE}`).map((c) => c.body)).toEqual([{ action: 'cancel' }]);
  });

  it('says why Pay was refused and stays on the page', async () => {
    stubApi({
      [`GET ${PAGE}`]: () => json(checkout()),
      [`POST ${PAGE}`]: () => json({ detail: SUBSCRIPTION_MESSAGES.alreadySubscribed }, 409),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.alreadySubscribed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kettle Test Subscription' })).toBeInTheDocument();
  });

  it('shows a paid or cancelled checkout as settled', async () => {
    stubApi({ [`GET ${PAGE}`]: () => json(checkout({ status: 'complete' })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Already Subscribed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account#subscription');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('says a closed checkout charged nothing', async () => {
    stubApi({ [`GET ${PAGE}`]: () => json(checkout({ status: 'expired' })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Checkout Closed' })).toBeInTheDocument();
    expect(screen.getByText(/No charges have been made/)).toBeInTheDocument();
  });

  it("answers 'Checkout Not Found' for someone else's or an unknown session", async () => {
    stubApi({ [`GET ${PAGE}`]: () => json({ detail: SUBSCRIPTION_MESSAGES.checkoutNotFound }, 404) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout Not Found' })).toBeInTheDocument();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.checkoutNotFound)).toBeInTheDocument();
  });
});
