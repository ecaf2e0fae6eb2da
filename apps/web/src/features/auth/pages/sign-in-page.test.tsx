import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MESSAGES } from '@kettle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/session';
import { json, renderRoute, stubApi } from '@/testing';
import { SignInPage } from './sign-in-page';

const TOKENS = { access_token: 'a', refresh_token: 'r', token_type: 'bearer' };

function renderSignIn(state?: { from: string }) {
  return renderRoute('/auth/signin', {
    element: <SignInPage />,
    routes: [
      { path: '/my-teas', element: <p>My teas page</p> },
      { path: '/admin/', element: <p>Admin home</p> },
      { path: '/submit', element: <p>Submit page</p> },
    ],
    state,
    toaster: false,
  });
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('SignInPage', () => {
  it('shows the shared messages for a bad email and a short password', async () => {
    const { fetchMock } = stubApi();
    const { user } = renderSignIn();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.tab();

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the email as a form-encoded username, then goes to My Teas', async () => {
    const { fetchMock } = stubApi(() =>
      json({ access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', is_admin: false }),
    );
    const { user } = renderSignIn();

    await fillAndSubmit(user, 'Reader@Example.com', 'secret123');

    expect(await screen.findByText('My teas page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/login');
    expect(init).toMatchObject({ method: 'POST' });
    const body = init?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('username=reader%40example.com&password=secret123');
    expect(localStorage.getItem('accessToken')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it('sends admins to /admin/', async () => {
    stubApi(() => json({ ...TOKENS, is_admin: true }));
    const { user } = renderSignIn();
    await fillAndSubmit(user, 'admin@example.com', 'secret123');
    expect(await screen.findByText('Admin home')).toBeInTheDocument();
  });

  it('returns to the page that asked for sign-in', async () => {
    stubApi(() => json({ ...TOKENS, is_admin: false }));
    const { user } = renderSignIn({ from: '/submit' });
    await fillAndSubmit(user, 'reader@example.com', 'secret123');
    expect(await screen.findByText('Submit page')).toBeInTheDocument();
  });

  it('shows the API message in an alert when the credentials are wrong', async () => {
    stubApi(() => json({ detail: 'Incorrect email or password.', code: 'INVALID_CREDENTIALS' }, 401));
    const { user, router } = renderSignIn();
    await fillAndSubmit(user, 'reader@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('when the account needs a mailed link, says so and sends one to the typed email', async () => {
    const { fetchMock } = stubApi(({ path }) =>
      path === '/auth/login'
        ? json({ detail: MESSAGES.auth.signInLinkRequired, code: 'SIGN_IN_LINK_REQUIRED' }, 403)
        : json({ message: MESSAGES.auth.signInLinkSent }, 202),
    );
    const { user, router } = renderSignIn();
    await fillAndSubmit(user, 'Owner@Example.com', 'right-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.signInLinkRequired);
    expect(router.state.location.pathname).toBe('/auth/signin');

    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a sign-in link is on its way');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/v1/auth/sign-in-link');
    expect(init).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@example.com' });
  });

  it('offers the link without a password too, and checks the email first', async () => {
    const { fetchMock } = stubApi(() => json({ message: MESSAGES.auth.signInLinkSent }, 202));
    const { user } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('reader@example.com');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
