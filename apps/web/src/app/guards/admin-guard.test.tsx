import { TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { getSession, setTokens } from '@/lib/session';
import { json, landing, renderRoute, stubApi } from '@/testing';
import { AdminGuard } from './admin-guard';

const me = (isAdmin: boolean, twoFactorRequired = false) => ({
  id: '7f1c2b8e-0b7a-4a1e-9a57-1b2c3d4e5f60',
  username: 'someone',
  email: 'someone@example.test',
  is_admin: isAdmin,
  is_active: true,
  email_verified: true,
  coin_balance: 10,
  created_at: '2026-11-22T00:00:00.000Z',
  two_factor_enabled: false,
  two_factor_required: twoFactorRequired,
});

/** An admin page that reads an admin route, as the feed does. */
function AdminPage() {
  const feed = useQuery({ queryKey: ['admin', 'feed'], queryFn: () => api.get('/admin/feed') });
  return <h1>{feed.isError ? 'Admin area failed' : 'Admin area'}</h1>;
}

function renderRouteAt(path: string) {
  const guarded = (
    <AdminGuard>
      <AdminPage />
    </AdminGuard>
  );
  return renderRoute(path, {
    routes: [{ path: '/admin', element: guarded }, landing('/auth/signin', 'Sign in page')],
    toaster: false,
  });
}

const renderAt = (path: string) => renderRouteAt(path).router;

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

  describe('an admin without two-factor sign-in where it is required', () => {
    const twoFactorApi = (required: boolean, feed = json({ data: [] })) =>
      stubApi(({ path }) => {
        if (path === '/auth/me') return json(me(true, required));
        if (path === '/auth/2fa') return json({ enabled: false, recovery_codes_left: 0, required: true });
        if (path === '/admin/feed') return feed;
        if (path === '/auth/logout') return json(null, 204);
        return undefined;
      });

    it('sees the setup card instead of the admin pages, and no admin call is made', async () => {
      setTokens('token', 'refresh');
      const { calls } = twoFactorApi(true);
      const { queryClient } = renderRouteAt('/admin');
      expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_TEXT.adminTitle })).toBeInTheDocument();
      expect(screen.getByText(TWO_FACTOR_TEXT.adminLead)).toBeInTheDocument();
      const card = await screen.findByRole('region', { name: TWO_FACTOR_TEXT.cardTitle });
      expect(await within(card).findByText(TWO_FACTOR_MESSAGES.requiredForAdmins)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Admin area' })).not.toBeInTheDocument();
      expect(calls.some((call) => call.path.startsWith('/admin/'))).toBe(false);

      // Turning it on refreshes /auth/me; the setup (and its codes, shown once) must stay on screen.
      queryClient.setQueryData(currentUserKey, me(true, false));
      expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_TEXT.adminTitle })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Admin area' })).not.toBeInTheDocument();
    });

    it('is led there when an admin call answers 403 TWO_FACTOR_REQUIRED', async () => {
      setTokens('token', 'refresh');
      twoFactorApi(false, json({ detail: TWO_FACTOR_MESSAGES.requiredForAdmins, code: 'TWO_FACTOR_REQUIRED' }, 403));
      renderRouteAt('/admin');
      expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_TEXT.adminTitle })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Admin area/ })).not.toBeInTheDocument();
      // Only this refusal leads there: the session is kept.
      expect(getSession().accessToken).toBe('token');
    });

    it('can sign out from there instead', async () => {
      setTokens('token', 'refresh');
      const { calls } = twoFactorApi(true);
      renderRouteAt('/admin');
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
      expect(getSession().accessToken).toBeNull();
      expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
    });
  });
});
