import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';

export const CATEGORY = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Cheater Alert',
  description: 'Caught cheating.',
};
export const STATE = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'California',
  code: 'CA',
  description: 'Tea spilled in and around California.',
};
export const ORIGINAL_POST_ID = '33333333-3333-4333-8333-333333333333';

export const buildUser = (patch: { email_verified?: boolean; coin_balance?: number } = {}) => ({
  id: '44444444-4444-4444-8444-444444444444',
  username: 'ava',
  email: 'ava@example.com',
  is_admin: false,
  is_active: true,
  email_verified: true,
  coin_balance: 120,
  created_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch: the signed-in user and the taxonomy lists, plus one handler for the create call. */
export function stubApi({ user = buildUser(), create }: { user?: ReturnType<typeof buildUser>; create?: Handler }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit): Promise<Response> => {
    const path = url.split('?')[0];
    if (path === '/api/v1/auth/me') return json(user);
    if (path === '/api/v1/categories/') return json({ data: [CATEGORY], metadata: { total_elements: 1 } });
    if (path === '/api/v1/states/') return json({ data: [STATE], metadata: { total_elements: 1 } });
    if (init?.method === 'POST' && create) return create(init);
    return json({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the routes signed in, with a fresh query cache and the toaster. */
export function renderSignedIn(routes: Array<{ path: string; element: ReactNode }>, initialEntry: string) {
  setTokens('access-token', 'refresh-token');
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient, user: userEvent.setup({ applyAccept: false }) };
}

export type User = ReturnType<typeof userEvent.setup>;

export const imageFile = (name = 'photo.png', type = 'image/png', size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
