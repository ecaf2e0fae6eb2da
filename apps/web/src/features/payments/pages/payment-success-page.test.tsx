import type { CheckoutStatus, CurrentUser, TransactionList } from '@kettle/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey, ledgerKey, useCurrentUser } from '@/lib/current-user';
import { callsTo, json, landing, renderRoute, stubApi } from '@/testing';
import { transactionsPageKey } from '../api/get-transactions';
import { buildUser } from '../testing/payments-kit';
import { PaymentSuccessPage } from './payment-success-page';

const SESSION = 'cs_test_success';
const STATUS_PATH = `GET /payments/checkout-session/${SESSION}`;

const status = (payment_status: CheckoutStatus['payment_status'], coin_balance = 120): CheckoutStatus => ({
  session_id: SESSION,
  payment_status,
  plan_id: 'gold_plan',
  total_coins: 920,
  coin_balance,
});

/** The header's balance, as the shell reads it from the current user. */
function BalanceProbe() {
  const { data } = useCurrentUser();
  return <p data-testid="balance">{data?.coin_balance ?? '…'}</p>;
}

const renderSuccess = (entry = `/payment/success?session_id=${SESSION}`) =>
  renderRoute(entry, {
    routes: [
      {
        path: '/payment/success',
        element: (
          <>
            <BalanceProbe />
            <PaymentSuccessPage />
          </>
        ),
      },
      landing('/', 'Home page'),
      landing('/payment/failed', 'Failure page'),
    ],
    signedIn: true,
  });

/** Lets timers run and the fetches they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PaymentSuccessPage', () => {
  it('polls while pending, then shows the coins, updates the cached balance and counts down home', async () => {
    const answers = [status('pending'), status('pending'), status('succeeded', 1040)];
    let credited = false;
    const { calls } = stubApi(
      {
        [STATUS_PATH]: () => {
          const answer = answers.shift() ?? status('succeeded', 1040);
          credited ||= answer.payment_status === 'succeeded';
          return json(answer);
        },
        // The server's own view: the balance moves when the purchase is credited.
        'GET /auth/me': () => json(buildUser({ coin_balance: credited ? 1040 : 120 })),
      },
      { user: buildUser() },
    );
    const { queryClient, router } = renderSuccess();
    const history: TransactionList = { data: [], metadata: { total_elements: 0, skip: 0, limit: 10 } };
    queryClient.setQueryData(transactionsPageKey({ skip: 0, limit: 10 }), history);
    queryClient.setQueryData([...ledgerKey, { skip: 0, limit: 10 }], history);

    await advance(50);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming Payment' })).toHaveFocus();
    expect(screen.getByTestId('balance')).toHaveTextContent('120');
    await advance(1_500);
    expect(screen.getByRole('heading', { name: 'Confirming Payment' })).toBeInTheDocument();
    expect(callsTo(calls, STATUS_PATH)).toHaveLength(2);
    // The third answer (at 3 s) says succeeded; its response settles a moment later.
    await advance(1_600);

    const heading = screen.getByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('920 Tea Coins')).toBeInTheDocument();
    expect(screen.getByText(/Your balance is now/)).toHaveTextContent('Your balance is now 1,040 coins.');
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(1040);
    expect(screen.getByTestId('balance')).toHaveTextContent('1040');
    expect(queryClient.getQueryState(transactionsPageKey({ skip: 0, limit: 10 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...ledgerKey, { skip: 0, limit: 10 }])?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');

    // Polling stopped with the answer.
    await advance(3_000);
    expect(callsTo(calls, STATUS_PATH)).toHaveLength(3);

    // 10 seconds from success: 3 have passed.
    expect(screen.getByText(/^Redirecting to home in/)).toHaveTextContent('Redirecting to home in 7 seconds');
    expect(screen.getByText(/^Redirecting to home in/)).toHaveAttribute('aria-live', 'polite');
    await advance(6_000);
    expect(screen.getByText('Redirecting to home in 1 second')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment/success');
    await advance(1_000);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('a declined payment moves to the failure page, which names the bundle for Try Again', async () => {
    stubApi({ [STATUS_PATH]: () => json(status('failed')) }, { user: buildUser() });
    const { router } = renderSuccess();

    await advance(50);
    expect(router.state.location.pathname).toBe('/payment/failed');
    expect(router.state.location.search).toBe(`?session_id=${SESSION}&plan=gold`);
    expect(screen.getByRole('heading', { name: 'Failure page' })).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Checkout Cancelled', 'This checkout was cancelled. Nothing was charged.'],
    ['expired', 'Checkout Expired', 'This checkout has expired. Nothing was charged.'],
  ] as const)('says so when the checkout was %s', async (payment_status, title, text) => {
    stubApi({ [STATUS_PATH]: () => json(status(payment_status)) }, { user: buildUser() });
    renderSuccess();

    await advance(50);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('stops asking after 20 seconds and says the payment is still processing', async () => {
    const { calls } = stubApi({ [STATUS_PATH]: () => json(status('pending')) }, { user: buildUser() });
    renderSuccess();

    await advance(19_000);
    expect(screen.getByRole('heading', { name: 'Confirming Payment' })).toBeInTheDocument();
    await advance(1_000);
    expect(screen.getByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    const asked = callsTo(calls, STATUS_PATH).length;
    expect(asked).toBeGreaterThanOrEqual(13);
    await advance(10_000);
    expect(callsTo(calls, STATUS_PATH)).toHaveLength(asked);
    expect(screen.getByRole('link', { name: 'View Transactions' })).toHaveAttribute('href', '/transactions');
  });

  it('shows the payments message when the session is unknown', async () => {
    stubApi(
      { [STATUS_PATH]: () => json({ detail: 'The requested resource was not found.' }, 404) },
      { user: buildUser() },
    );
    renderSuccess();

    await advance(50);
    expect(screen.getByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Payment resource not found.')).toBeInTheDocument();
  });

  it('needs a session id', async () => {
    const { calls } = stubApi({}, { user: buildUser() });
    renderSuccess('/payment/success');

    await advance(50);
    expect(screen.getByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument();
    expect(callsTo(calls, STATUS_PATH)).toHaveLength(0);
  });
});
