import {
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type InvoicePreview,
  type SubscriptionHistory,
  type SubscriptionUsage,
} from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AccountPage } from '@/features/account/pages/account-page';
import { currentUserKey, ledgerKey } from '@/lib/current-user';
import { logout } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, landing, reader, renderRoute, stubApi } from '@/testing';
import { makeSubscription, PERIOD_END, PERIOD_START } from '../testing/subscriptions-kit';
import { SubscriptionSection } from './subscription-section';

const BASE = '/payments/subscription';
const PLANS = { plans: Object.values(SUBSCRIPTION_PLANS), provider: 'stripe' };
const USAGE: SubscriptionUsage = {
  period_start: PERIOD_START,
  period_end: PERIOD_END,
  plan_coins: 1200,
  coins_granted: 1200,
  coins_spent: 85,
};
const HISTORY: SubscriptionHistory = {
  data: [
    {
      invoice_id: 'in_2',
      coins: 1200,
      amount_cents: 1599,
      currency: 'usd',
      period_start: PERIOD_START,
      period_end: PERIOD_END,
      created_at: PERIOD_START,
    },
    {
      invoice_id: 'in_1',
      coins: 1200,
      amount_cents: 1999,
      currency: 'usd',
      period_start: '2026-10-22T10:00:00.000Z',
      period_end: PERIOD_START,
      created_at: '2026-10-22T10:00:00.000Z',
    },
  ],
  metadata: { total_elements: 2, skip: 0, limit: 12 },
};
const preview = (patch: Partial<InvoicePreview> = {}): InvoicePreview => ({
  price_id: 'brew_monthly',
  plan: SUBSCRIPTION_PLANS.brew,
  currency: 'usd',
  subtotal_cents: 1999,
  discount_cents: 0,
  total_cents: 1999,
  proration_cents: 0,
  coupon_code: null,
  next_payment_at: PERIOD_END,
  ...patch,
});

/** A signed-in user with the Strong Brew plan: every read the section makes. */
const activeRoutes = (subscription = makeSubscription()) => ({
  [`GET ${BASE}`]: () => json(subscription),
  [`GET ${BASE}/plans`]: () => json(PLANS),
  [`GET ${BASE}/usage`]: () => json(USAGE),
  [`GET ${BASE}/history`]: () => json(HISTORY),
  [`GET ${BASE}/invoice-preview`]: ({ url }: { url: URL }) => {
    const priceId = url.searchParams.get('price_id');
    if (priceId === 'pot_monthly') {
      return json(
        preview({
          price_id: 'pot_monthly',
          plan: SUBSCRIPTION_PLANS.pot,
          proration_cents: 1950,
          subtotal_cents: 5949,
          total_cents: 5949,
        }),
      );
    }
    return json(preview());
  },
});

const renderSection = (entry = '/account') =>
  renderRoute(entry, {
    routes: [
      { path: '/account', element: <SubscriptionSection /> },
      landing('/subscription/dev/:sessionId', 'Dev subscription checkout'),
    ],
    signedIn: true,
  });

let assign: MockInstance<(url: string | URL) => void>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('Subscription section: no subscription', () => {
  it('shows the plan cards and sends the browser to the checkout of the chosen plan', async () => {
    const { calls } = stubApi({
      [`GET ${BASE}`]: () => json(null),
      [`GET ${BASE}/plans`]: () => json(PLANS),
      [`POST ${BASE}/checkout`]: () => json({ session_id: 'cs_1', url: 'https://checkout.stripe.test/c/pay/cs_1' }),
    });
    const { user } = renderSection();

    expect(screen.getByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading subscription' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Monthly plans' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Daily Sip',
      'Strong Brew',
      'Bottomless Pot',
    ]);
    expect(cards[1]).toHaveTextContent('1,200coins a month');
    expect(cards[1]).toHaveTextContent('$19.99 / month');

    await user.click(screen.getByRole('button', { name: 'Subscribe to Strong Brew' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.redirecting)).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(callsTo(calls, `POST ${BASE}/checkout`).map((c) => c.body)).toEqual([{ price_id: 'brew_monthly' }]);
    for (const button of screen.getAllByRole('button', { name: /Subscribe to/ })) expect(button).toBeDisabled();
  });

  it("follows the dev provider's checkout inside the app", async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(null),
      [`GET ${BASE}/plans`]: () => json({ ...PLANS, provider: 'dev' }),
      [`POST ${BASE}/checkout`]: () =>
        json({ session_id: 'dev_subcs_1', url: `${window.location.origin}/subscription/dev/dev_subcs_1` }),
    });
    const { user, router } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Daily Sip' }));
    expect(await screen.findByRole('heading', { name: 'Dev subscription checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription/dev/dev_subcs_1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says why a checkout could not start and gives the buttons back', async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(null),
      [`GET ${BASE}/plans`]: () => json(PLANS),
      [`POST ${BASE}/checkout`]: () => json({ detail: PAYMENT_STATUS_MESSAGES[429] }, 429),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Daily Sip' }));
    expect(await screen.findByText(PAYMENT_STATUS_MESSAGES[429] ?? '')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.startFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Daily Sip' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows an error with Try Again when the subscription cannot be read, then the plans', async () => {
    let answer = () => json({ detail: 'Server error. Please try again later.' }, 500);
    stubApi({ [`GET ${BASE}`]: () => answer(), [`GET ${BASE}/plans`]: () => json(PLANS) });
    const { user } = renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUBSCRIPTION_MESSAGES.loadFailed);
    expect(alert).toHaveTextContent(PAYMENT_STATUS_MESSAGES[500] ?? '');
    answer = () => json(null);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Monthly plans' })).toBeInTheDocument();
  });

  it('back from a cancelled checkout says nothing was charged', async () => {
    stubApi({ [`GET ${BASE}`]: () => json(null), [`GET ${BASE}/plans`]: () => json(PLANS) });
    renderSection('/account?subscription=cancelled#subscription');
    expect(await screen.findByText(/Checkout cancelled\. No charges have been made/)).toBeInTheDocument();
  });

  it('back from a paid checkout waits for the provider, then shows the subscription', async () => {
    let current: unknown = null;
    stubApi({ ...activeRoutes(), [`GET ${BASE}`]: () => json(current) });
    renderSection('/account?subscription=success#subscription');
    expect(await screen.findByText(/Waiting for your subscription to start/)).toBeInTheDocument();
    current = makeSubscription();
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.subscribed, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Strong Brew' })).toBeInTheDocument();
  });
});

describe('Subscription section: a running subscription', () => {
  it('shows the plan, status, renewal date, next payment, coins this period and the paid months', async () => {
    stubApi(activeRoutes());
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Strong Brew' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('1,200 coins a month for $19.99')).toBeInTheDocument();
    expect(screen.getByText('Renews on December 22, 2026')).toBeInTheDocument();
    expect(await screen.findByText(/Next payment:/)).toHaveTextContent('Next payment: $19.99 on December 22, 2026');

    const usage = await screen.findByRole('region', { name: 'Coins this period' });
    expect(within(usage).getByText('Granted').nextElementSibling).toHaveTextContent('1,200 of 1,200');
    expect(within(usage).getByText('Spent').nextElementSibling).toHaveTextContent('85');

    const months = await screen.findByRole('list', { name: 'Paid months' });
    const rows = within(months).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('November 22, 2026 – December 22, 2026');
    expect(rows[0]).toHaveTextContent('+1,200 coins');
    expect(rows[0]).toHaveTextContent('$15.99');
    expect(rows[1]).toHaveTextContent('$19.99');
    // Renew now is the dev provider's.
    expect(screen.queryByRole('button', { name: /Renew now/ })).not.toBeInTheDocument();
  });

  it('cancels at period end after confirming, then resumes', async () => {
    let current = makeSubscription();
    const { calls } = stubApi({
      ...activeRoutes(),
      [`GET ${BASE}`]: () => json(current),
      [`POST ${BASE}/cancel`]: () => {
        current = makeSubscription({ cancel_at_period_end: true });
        return json(current);
      },
      [`POST ${BASE}/resume`]: () => {
        current = makeSubscription();
        return json(current);
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Strong Brew runs until December 22, 2026 and then ends.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeInTheDocument();
    expect(await screen.findByText('Ends on December 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('Cancels at period end')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Renews on December 22, 2026')).toBeInTheDocument();
    expect(callsTo(calls, `POST ${BASE}/cancel`)).toHaveLength(1);
    expect(callsTo(calls, `POST ${BASE}/resume`)).toHaveLength(1);
  });

  it('changes plan after showing what the next invoice will be', async () => {
    let current = makeSubscription();
    const { calls } = stubApi({
      ...activeRoutes(),
      [`GET ${BASE}`]: () => json(current),
      [`POST ${BASE}/update-plan`]: () => {
        current = makeSubscription({ plan: SUBSCRIPTION_PLANS.pot });
        return json(current);
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    const select = await screen.findByRole('combobox', { name: 'New plan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily Sip: 500 coins for $9.99 a month', 'Bottomless Pot: 3,000 coins for $39.99 a month']);
    await user.selectOptions(select, 'pot_monthly');
    const priced = await screen.findByRole('group', { name: 'Price preview' });
    await waitFor(() => expect(priced).toHaveTextContent('Next invoice: $59.49 on December 22, 2026'));
    expect(priced).toHaveTextContent('Includes $19.50 for the rest of this month at the new price.');
    expect(priced).toHaveTextContent('From the next month: 3,000 coins a month.');

    await user.click(screen.getByRole('button', { name: 'Confirm plan change' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.planChanged)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bottomless Pot' })).toBeInTheDocument();
    expect(callsTo(calls, `POST ${BASE}/update-plan`).map((c) => c.body)).toEqual([{ price_id: 'pot_monthly' }]);
    expect(screen.queryByRole('combobox', { name: 'New plan' })).not.toBeInTheDocument();
  });

  it('applies a coupon (a refused code is shown under the field) and removes it', async () => {
    let current = makeSubscription();
    const { calls } = stubApi({
      ...activeRoutes(),
      [`GET ${BASE}`]: () => json(current),
      [`POST ${BASE}/coupon/apply`]: ({ body }) => {
        const code = (body as { coupon_code: string }).coupon_code;
        if (code !== 'SPRING20') {
          return json(
            {
              detail: SUBSCRIPTION_MESSAGES.invalidCoupon,
              code: 'VALIDATION_FAILED',
              errors: [{ field: 'coupon_code', message: SUBSCRIPTION_MESSAGES.invalidCoupon }],
            },
            422,
          );
        }
        current = makeSubscription({ coupon_code: 'SPRING20' });
        return json(current);
      },
      [`DELETE ${BASE}/coupon/remove`]: () => {
        current = makeSubscription();
        return json(current);
      },
    });
    const { user } = renderSection();
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('Enter a coupon code')).toBeInTheDocument();
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.invalidCoupon)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'SPRING20');
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.couponApplied)).toBeInTheDocument();
    expect(await screen.findByText('SPRING20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
    expect(callsTo(calls, `POST ${BASE}/coupon/apply`).map((c) => c.body)).toEqual([
      { coupon_code: 'NOPE' },
      { coupon_code: 'SPRING20' },
    ]);
    expect(callsTo(calls, `DELETE ${BASE}/coupon/remove`)).toHaveLength(1);
  });

  it("opens the billing portal, and says 'No portal URL received' when the answer has none", async () => {
    let portal: unknown = { url: 'https://billing.stripe.test/p/session/bps_1' };
    stubApi({ ...activeRoutes(), [`POST ${BASE}/create-billing-portal-session`]: () => json(portal) });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'));

    portal = {};
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.noPortalUrl)).toBeInTheDocument();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('offers Renew now with the dev provider and shows the new period', async () => {
    let current = makeSubscription({ provider: 'dev' });
    const { calls } = stubApi({
      ...activeRoutes(),
      [`GET ${BASE}`]: () => json(current),
      [`POST ${BASE}/dev/renew`]: () => {
        current = makeSubscription({
          provider: 'dev',
          current_period_start: PERIOD_END,
          current_period_end: '2027-01-22T10:00:00.000Z',
        });
        return json(current);
      },
    });
    const { user, queryClient } = renderSection();
    queryClient.setQueryData(currentUserKey, { coin_balance: 120 });
    queryClient.setQueryData(ledgerKey, { data: [] });
    await user.click(await screen.findByRole('button', { name: 'Renew now (test)' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.renewed)).toBeInTheDocument();
    expect(await screen.findByText('Renews on January 22, 2027')).toBeInTheDocument();
    // Coins moved: the balance and the ledger are read again.
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ledgerKey)?.isInvalidated).toBe(true);
    expect(callsTo(calls, `POST ${BASE}/dev/renew`)).toHaveLength(1);
  });

  it('says why an action failed and keeps the subscription as it was', async () => {
    stubApi({
      ...activeRoutes(),
      [`POST ${BASE}/resume`]: () => json({ detail: PAYMENT_STATUS_MESSAGES[500] }, 502),
      [`GET ${BASE}`]: () => json(makeSubscription({ cancel_at_period_end: true })),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.actionFailed)).toBeInTheDocument();
    expect(screen.getByText('Ends on December 22, 2026')).toBeInTheDocument();
  });
});

describe('Subscription section in My Account', () => {
  it('is a section of the account page, next to the company profile', async () => {
    stubApi({
      'GET /auth/me': () => json(reader(120)),
      ...activeRoutes(),
    });
    renderRoute('/account', { routes: [{ path: '/account', element: <AccountPage /> }], signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Subscription', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company profile', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Strong Brew' })).toBeInTheDocument();
    expect(document.getElementById('subscription')).toContainElement(
      screen.getByRole('heading', { name: 'Subscription' }),
    );
  });
});
