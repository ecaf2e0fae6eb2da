import { MESSAGES } from '@kettle/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { SignInLinkPage } from './sign-in-link-page';

const renderLinkPage = () =>
  renderRoute('/auth/sign-in-link/tok123', {
    pattern: '/auth/sign-in-link/:token',
    element: <SignInLinkPage />,
    toaster: false,
    strict: true,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SignInLinkPage', () => {
  it('shows a spinner while the link is spent', async () => {
    stubApi(() => new Promise<Response>(() => undefined));
    renderLinkPage();
    expect(await screen.findByRole('heading', { name: 'Signing you in' })).toBeInTheDocument();
  });

  it('spends the link once, even under StrictMode, stores the session and offers My Teas', async () => {
    const { fetchMock } = stubApi(() =>
      json({ access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', is_admin: false }),
    );
    renderLinkPage();
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to My Teas' })).toHaveAttribute('href', '/my-teas');
    const linkCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/auth/sign-in-link/tok123');
    expect(linkCalls).toHaveLength(1);
    expect(linkCalls[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(localStorage.getItem('accessToken')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    stubApi(() => json({ detail: MESSAGES.auth.invalidSignInLink, code: 'INVALID_TOKEN' }, 400));
    renderLinkPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidSignInLink);
    expect(screen.getByRole('link', { name: 'Request a new sign-in link' })).toHaveAttribute('href', '/auth/signin');
  });

  it('says so when the account is deactivated', async () => {
    stubApi(() => json({ detail: MESSAGES.auth.inactive, code: 'ACCOUNT_INACTIVE' }, 403));
    renderLinkPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.inactive);
  });
});
