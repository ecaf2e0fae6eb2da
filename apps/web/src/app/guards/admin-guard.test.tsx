import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
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
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth/signin');
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
