import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { logout, setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { SignInPage } from '../pages/sign-in-page';
import { SignUpPage } from '../pages/sign-up-page';
import { ALREADY_SIGNED_IN } from './redirect-signed-in';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
  removeToast();
  const router = createMemoryRouter(
    [
      { path: '/auth/signin', element: <SignInPage /> },
      { path: '/auth/signup', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/my-teas', element: <h1>My Teas</h1> },
      { path: '/admin/', element: <h1>Admin home</h1> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('auth pages for a user who is already signed in', () => {
  it.each(['/auth/signin', '/auth/signup', '/forgot-password'])(
    '%s sends a member to My Teas with a notice',
    async (path) => {
      setTokens('access', 'refresh');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(me(false))),
      );
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/my-teas');
      expect(await screen.findByText(ALREADY_SIGNED_IN.title)).toBeInTheDocument();
      expect(screen.getByText(ALREADY_SIGNED_IN.description)).toBeInTheDocument();
    },
  );

  it('sends an admin to the admin home', async () => {
    setTokens('access', 'refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(me(true))),
    );
    renderAt('/auth/signin');
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
  });

  it('shows the page when the stored session is refused', async () => {
    setTokens('access', 'refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'Server error. Please try again later.' }, 500)),
    );
    renderAt('/forgot-password');
    // useCurrentUser retries a 5xx once before giving up.
    expect(await screen.findByRole('heading', { name: 'Reset your password' }, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('after sign-up', () => {
  it('opens sign-in with the new email filled in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'User registered Successfully!' }, 201)),
    );
    renderAt('/auth/signup');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'jane_doe');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Brewing42');
    await user.type(screen.getByLabelText('Confirm password'), 'Brewing42');
    await user.click(screen.getByRole('button', { name: /Create account|Sign up/ }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
