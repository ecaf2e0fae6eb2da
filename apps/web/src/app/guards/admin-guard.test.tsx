import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, setTokens } from '@/lib/session';
import { json, landing, renderRoute, stubApi } from '@/testing';
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
  const guarded = (
    <AdminGuard>
      <h1>Admin area</h1>
    </AdminGuard>
  );
  return renderRoute(path, {
    routes: [{ path: '/admin', element: guarded }, landing('/auth/signin', 'Sign in page')],
    toaster: false,
  }).router;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminGuard', () => {
  it('sends a visitor to sign-in', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('shows a spinner while the user loads, then Access Denied to a non-admin', async () => {
    setTokens('token', 'refresh');
    stubApi(() => json(me(false)));
    renderAt('/admin');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeInTheDocument();
  });

  it('Switch account signs out and opens sign-in, to come back here afterwards', async () => {
    setTokens('token', 'refresh');
    const { fetchMock } = stubApi(({ url }) =>
      url.pathname.endsWith('/auth/logout') ? json(null, 204) : json(me(false)),
    );
    const router = renderAt('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(getSession().accessToken).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/auth/logout'))).toBe(true);
    expect(router.state.location.state).toEqual({ from: '/admin' });
  });

  it('lets an admin in', async () => {
    setTokens('token', 'refresh');
    stubApi(() => json(me(true)));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
  });
});
