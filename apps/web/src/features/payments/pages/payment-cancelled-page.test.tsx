import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, landing, renderRoute, stubApi } from '@/testing';
import { PaymentCancelledPage } from './payment-cancelled-page';
import { buildUser } from '../testing/payments-kit';

const routes = [
  { path: '/payment/cancelled', element: <PaymentCancelledPage /> },
  landing('/', 'Home page'),
  landing('/checkout/dev/:sessionId', 'Checkout page'),
  landing('/buy-coins', 'Buy page'),
];

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  stubApi({}, { user: buildUser() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PaymentCancelledPage', () => {
  it('says nothing was charged and goes home after 10 seconds', async () => {
    const { router } = renderRoute('/payment/cancelled', { routes: routes, signedIn: true });

    const heading = screen.getByRole('heading', { level: 1, name: 'Payment Cancelled' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('No charges have been made')).toBeInTheDocument();
    const countdown = screen.getByText('Redirecting to home in 10 seconds');
    expect(countdown).toHaveAttribute('aria-live', 'polite');

    await advance(1_000);
    expect(countdown).toHaveTextContent('Redirecting to home in 9 seconds');
    await advance(8_000);
    expect(countdown).toHaveTextContent('Redirecting to home in 1 second');
    expect(router.state.location.pathname).toBe('/payment/cancelled');
    await advance(1_000);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('Try Again starts a new checkout of the same bundle (the server prices it) and goes to it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = stubApi(
      {
        'POST /payments/create-checkout-session': () =>
          json({ session_id: 'cs_2', url: `${window.location.origin}/checkout/dev/cs_2` }),
      },
      { user: buildUser() },
    );
    const { router } = renderRoute('/payment/cancelled?plan=gold', {
      routes: routes,
      history: ['/checkout/dev/cs_1'],
      signedIn: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await advance(50);
    expect(callsTo(calls, 'POST /payments/create-checkout-session').map((c) => c.body)).toEqual([{ plan_id: 'gold' }]);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/checkout/dev/cs_2`);
    // Leaving for the checkout: the countdown does not pull the reader home meanwhile.
    expect(screen.queryByText(/Redirecting to home/)).not.toBeInTheDocument();
    await advance(15_000);
    expect(router.state.location.pathname).toBe('/payment/cancelled');
  });

  it('Try Again opens Buy Coins when the bundle is not known', async () => {
    const { calls } = stubApi({}, { user: buildUser() });
    for (const entry of ['/payment/cancelled', '/payment/cancelled?plan=diamond']) {
      const { router } = renderRoute(entry, { routes: routes, signedIn: true });
      fireEvent.click(screen.getByRole('link', { name: 'Try Again' }));
      expect(router.state.location.pathname).toBe('/buy-coins');
      cleanup();
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('Go to Home links home', async () => {
    const { router } = renderRoute('/payment/cancelled', { routes: routes, signedIn: true });

    const link = screen.getByRole('link', { name: 'Go to Home' });
    expect(link).toHaveAttribute('href', '/');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/');
  });
});
