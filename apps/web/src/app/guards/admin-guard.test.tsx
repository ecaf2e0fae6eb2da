import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, setTokens } from '@/lib/session';
import { AdminGuard } from './admin-guard';

const me = (isAdmin: boolean) => ({
  id: '7f1c2b8e-0b7a-4a1e-9a57-1b2c3d4e5f60',
  username: 'someone',
  email: 'someone@example.test',
  is_admin: isAdmin,
  is_active: true,
  email_verified: true,
  coin_balance: 10,
  created_at: '2026-11-22T00:00:00.000Z',
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <AdminGuard>
            <h1>Admin area</h1>
          </AdminGuard>
        ),
      },
      { path: '/auth/signin', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminGuard', () => {
  it('sends a visitor to sign-in', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('shows a spinner while the user loads, then Access Denied to a non-admin', async () => {
    setTokens('token', 'refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(me(false)), { status: 200 })),
    );
    renderAt('/admin');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeInTheDocument();
  });

  it('Switch account signs out and opens sign-in, to come back here afterwards', async () => {
    setTokens('token', 'refresh');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/logout') ? new Response(null, { status: 204 }) : new Response(JSON.stringify(me(false))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(getSession().accessToken).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/auth/logout'))).toBe(true);
    expect(router.state.location.state).toEqual({ from: '/admin' });
  });

  it('lets an admin in', async () => {
    setTokens('token', 'refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(me(true)), { status: 200 })),
    );
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
  });
});
