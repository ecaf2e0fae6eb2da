import type { CurrentUser } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserKey } from '@/features/auth/api/get-current-user';
import { setTokens } from '@/lib/session';

export const reader = (coin_balance: number): CurrentUser => ({
  id: '44444444-4444-4444-8444-444444444444',
  username: 'ava',
  email: 'ava@example.com',
  is_admin: false,
  is_active: true,
  email_verified: true,
  coin_balance,
  created_at: '2026-01-01T00:00:00.000Z',
});

/**
 * Renders `ui` signed in with this balance already in the current-user query (as the header
 * loaded it), and records every request: a paid action must send none before its confirm.
 */
export function renderWithBalance(ui: ReactNode, balance: number) {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url });
      const body = url.startsWith('/api/v1/auth/me') ? reader(balance) : { detail: 'Not found' };
      return new Response(JSON.stringify(body), { status: url.startsWith('/api/v1/auth/me') ? 200 : 404 });
    }),
  );
  setTokens('access-token', 'refresh-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(currentUserKey, reader(balance));
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/buy-coins', element: <h1>Buy Tea Coins</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, router, queryClient, user: userEvent.setup() };
}
