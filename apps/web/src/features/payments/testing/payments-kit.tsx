import type { LedgerEntry, Transaction } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { buildUser, json } from '@/features/posts/testing/render-posts';
import { setTokens } from '@/lib/session';

export { buildUser, json };

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-4${prefix.slice(0, 3)}-8${prefix.slice(0, 3)}-${String(counter).padStart(12, '0')}`;
};

/** A purchase as GET /payments/transactions returns it (spec §3 Transaction): gold, succeeded. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: nextId('aaaaaaaa-aaaa'),
    amount: '29.99',
    currency: 'usd',
    coins_purchased: 800,
    bonus_coins: 120,
    total_coins: 920,
    plan_id: 'gold_plan',
    payment_status: 'succeeded',
    stripe_payment_intent_id: 'pi_test_1',
    stripe_created_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    completed_at: '2026-11-20T10:00:05.000Z',
    transaction_metadata: {},
    ...overrides,
  };
}

export function makeLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: nextId('bbbbbbbb-bbbb'),
    delta: 50,
    balance_after: 50,
    kind: 'signup_bonus',
    reason: null,
    created_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export const listOf = <T,>(data: T[], total = data.length, skip = 0, limit = 10) =>
  json({ data, metadata: { total_elements: total, skip, limit } });

export type Call = { method: string; url: URL; body: unknown };
type Route = (url: URL, call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per 'METHOD /path' under /api/v1 (e.g. 'GET /payments/plans');
 * /auth/me answers `user` unless a route says otherwise. Returns every call made, in order.
 */
export function stubApi(routes: Record<string, Route>, user: unknown = buildUser()) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (route) return route(url, call);
      if (method === 'GET' && path === '/auth/me') return json(user);
      return json({ detail: 'Not found' }, 404);
    }),
  );
  return calls;
}

/** The calls to one 'METHOD /path'. */
export const callsTo = (calls: Call[], key: string) =>
  calls.filter((call) => `${call.method} ${call.url.pathname.replace(/^\/api\/v1/, '')}` === key);

/**
 * Renders the routes signed in (the last entry shown, the others behind it), with a fresh query
 * cache (no default retries) and the toaster.
 */
export function renderRoutes(routes: Array<{ path: string; element: ReactNode }>, entries: string[]) {
  setTokens('access-token', 'refresh-token');
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  // Under fake timers use fireEvent: user-event and Testing Library wait on real timeouts.
  return { router, queryClient, user: userEvent.setup() };
}

/** Where a page went: a route element that just names itself. */
export const landing = (path: string, name = path) => ({ path, element: <h1>{name}</h1> });
