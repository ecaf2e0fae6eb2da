import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout, setTokens } from '@/lib/session';
import { json, landing, renderRoute, stubApi } from '@/testing';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { SignInPage } from '../pages/sign-in-page';
import { SignUpPage } from '../pages/sign-up-page';
import { ALREADY_SIGNED_IN } from './redirect-signed-in';

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
  return renderRoute(path, {
    routes: [
      { path: '/auth/signin', element: <SignInPage /> },
      { path: '/auth/signup', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      landing('/my-teas', 'My Teas'),
      landing('/admin/', 'Admin home'),
    ],
  }).router;
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
      stubApi(() => json(me(false)));
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/my-teas');
      expect(await screen.findByText(ALREADY_SIGNED_IN.title)).toBeInTheDocument();
      expect(screen.getByText(ALREADY_SIGNED_IN.description)).toBeInTheDocument();
    },
  );

  it('sends an admin to the admin home', async () => {
    setTokens('access', 'refresh');
    stubApi(() => json(me(true)));
    renderAt('/auth/signin');
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
  });

  it('shows the page when the stored session is refused', async () => {
    setTokens('access', 'refresh');
    stubApi(() => json({ detail: 'Server error. Please try again later.' }, 500));
    renderAt('/forgot-password');
    // useCurrentUser retries a 5xx once before giving up.
    expect(await screen.findByRole('heading', { name: 'Reset your password' }, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('after sign-up', () => {
  it('opens sign-in with the new email filled in', async () => {
    stubApi(() => json({ message: 'User registered Successfully!' }, 201));
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
