import type { CheckoutStatus } from '@kettle/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, landing, renderRoute, stubApi } from '@/testing';
import { buildUser } from '../testing/payments-kit';
import { PaymentFailedPage } from './payment-failed-page';

const SESSION = 'dev_cs_declined';
const STATUS_PATH = `GET /payments/checkout-session/${SESSION}`;

const status = (payment_status: CheckoutStatus['payment_status']): CheckoutStatus => ({
  session_id: SESSION,
  payment_status,
  plan_id: 'gold',
  total_coins: 920,
  coin_balance: 120,
});

const renderFailed = (entry = `/payment/failed?session_id=${SESSION}&plan=gold`) =>
  renderRoute(entry, {
    routes: [
      { path: '/payment/failed', element: <PaymentFailedPage /> },
      landing('/payment/success', 'Success page'),
      landing('/', 'Home page'),
    ],
    signedIn: true,
  });

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PaymentFailedPage', () => {
  it('says the payment was declined and nothing was charged, offers a retry, and stays put', async () => {
    stubApi({ [STATUS_PATH]: () => json(status('failed')) }, { user: buildUser() });
    const { router } = renderFailed();

    await advance(50);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Declined' })).toHaveFocus();
    expect(document.title).toMatch(/^Payment Declined/);
    expect(screen.getByText('Your payment was declined. Nothing was charged and no coins were added.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Redirecting to home/)).not.toBeInTheDocument();
    await advance(15_000);
    expect(router.state.location.pathname).toBe('/payment/failed');
  });

  it('Try Again starts a new checkout of the same bundle', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = stubApi(
      {
        [STATUS_PATH]: () => json(status('failed')),
        'POST /payments/create-checkout-session': () =>
          json({ session_id: 'cs_next', url: `${window.location.origin}/checkout/dev/cs_next` }),
      },
      { user: buildUser() },
    );
    renderFailed();

    await advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await advance(50);
    expect(callsTo(calls, 'POST /payments/create-checkout-session').map((c) => c.body)).toEqual([{ plan_id: 'gold' }]);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/checkout/dev/cs_next`);
    assign.mockRestore();
  });

  it('a checkout that was in fact paid goes to the success page, never reads "declined"', async () => {
    stubApi({ [STATUS_PATH]: () => json(status('succeeded')) }, { user: buildUser() });
    const { router } = renderFailed();

    await advance(50);
    expect(router.state.location.pathname).toBe('/payment/success');
    expect(router.state.location.search).toBe(`?session_id=${SESSION}`);
    expect(screen.queryByText(/declined/i)).not.toBeInTheDocument();
  });

  it('without a session it says the payment is not known', async () => {
    const { calls } = stubApi({}, { user: buildUser() });
    renderFailed('/payment/failed');

    await advance(50);
    expect(screen.getByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument();
    expect(callsTo(calls, STATUS_PATH)).toHaveLength(0);
  });
});
