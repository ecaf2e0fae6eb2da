import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landing, renderRoutes, stubApi } from '../testing/payments-kit';
import { PaymentCancelledPage } from './payment-cancelled-page';

const routes = [
  { path: '/payment/cancelled', element: <PaymentCancelledPage /> },
  landing('/', 'Home page'),
  landing('/checkout/dev/:sessionId', 'Checkout page'),
  landing('/buy-coins', 'Buy page'),
];

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  stubApi({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PaymentCancelledPage', () => {
  it('says nothing was charged and goes home after 10 seconds', async () => {
    const { router } = renderRoutes(routes, ['/payment/cancelled']);

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

  it('Try Again goes back one page', async () => {
    const { router } = renderRoutes(routes, ['/checkout/dev/cs_1', '/payment/cancelled']);

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(router.state.location.pathname).toBe('/checkout/dev/cs_1');
    expect(screen.getByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    // Left before the countdown ended: it does not pull the reader home later.
    await advance(15_000);
    expect(router.state.location.pathname).toBe('/checkout/dev/cs_1');
  });

  it('Try Again starts a new checkout when there is no page of ours to go back to', async () => {
    const { router } = renderRoutes(routes, ['/payment/cancelled']);

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(router.state.location.pathname).toBe('/buy-coins');
  });

  it('Go to Home links home', async () => {
    const { router } = renderRoutes(routes, ['/payment/cancelled']);

    const link = screen.getByRole('link', { name: 'Go to Home' });
    expect(link).toHaveAttribute('href', '/');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/');
  });
});
