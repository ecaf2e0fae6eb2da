import { SUBSCRIPTION_PLANS, type Subscription } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';

/** Test helpers for the My Account sections of issue 6 (subscriptions, company profile). */
export const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const PERIOD_START = '2026-11-22T10:00:00.000Z';
export const PERIOD_END = '2026-12-22T10:00:00.000Z';

export const makeSubscription = (patch: Partial<Subscription> = {}): Subscription => ({
  id: '6a6a6a6a-0000-4000-8000-000000000001',
  provider: 'stripe',
  plan: SUBSCRIPTION_PLANS.brew,
  status: 'active',
  current_period_start: PERIOD_START,
  current_period_end: PERIOD_END,
  cancel_at_period_end: false,
  coupon_code: null,
  created_at: PERIOD_START,
  ...patch,
});

export type Call = { method: string; path: string; url: URL; body: unknown };
type Route = (call: Call) => Response | Promise<Response>;

/** Stubs fetch with one handler per 'METHOD /path' under /api/v1; other calls answer 404. */
export function stubApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const call = { method, path, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      return route ? route(call) : json({ detail: 'The requested resource was not found.' }, 404);
    }),
  );
  return calls;
}

export const callsTo = (calls: Call[], key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);

/** Renders signed in, at the last of `entries`, with a fresh cache (no retries) and the toaster. */
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
  return { router, queryClient, user: userEvent.setup() };
}

/** Where navigation went: a route that just names itself. */
export const landing = (path: string, name = path) => ({ path, element: <h1>{name}</h1> });
