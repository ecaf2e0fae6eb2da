import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';

/** Shared by the category and state page tests: a fake API behind a stubbed fetch. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const list = <T,>(data: T[]) => ({
  data,
  metadata: { total_elements: data.length, skip: 0, limit: data.length },
});

type Call = { method: string; url: string; body: unknown };
export type Handler = (call: Call) => Response | Promise<Response> | undefined;

export const route =
  (method: string, path: string, respond: (body: unknown) => Response | Promise<Response>): Handler =>
  (call) =>
    call.method === method && call.url === `/api/v1${path}` ? respond(call.body) : undefined;

export function stubApi(...handlers: Handler[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    for (const handler of handlers) {
      const response = handler(call);
      if (response) return response;
    }
    return json({ detail: `No stub for ${call.method} ${url}`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api/v1${path}` && (init?.method ?? 'GET') === method);

/** Signs in (a token in storage) and answers /auth/me for a user or an admin. */
export function signedInAs(role: 'user' | 'admin'): Handler {
  setTokens('access-token', 'refresh-token');
  return route('GET', '/auth/me', () =>
    json({
      id: '7f1c2b8e-0b7a-4a1e-9a57-1b2c3d4e5f60',
      username: role === 'admin' ? 'kettle_admin' : 'tea_lover',
      email: `${role}@example.test`,
      is_admin: role === 'admin',
      is_active: true,
      email_verified: true,
      coin_balance: 100,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  );
}

export function renderPage(page: ReactElement, path: string) {
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/', element: <h1>All Teas</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient, router };
}

/** A response the test releases when it wants, to look at the pending state. */
export function deferred(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
