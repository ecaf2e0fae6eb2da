import { MESSAGES, TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, renderRoute, stubApi, type ApiHandler } from '@/testing';
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

  describe('for an account with two-factor sign-in on', () => {
    const linkThenVerify = (verify: ApiHandler) =>
      stubApi({
        'POST /auth/sign-in-link/tok123': () => json({ two_factor_required: true, challenge_token: 'challenge-1' }),
        'POST /auth/2fa/verify': verify,
      });

    async function enterCode() {
      await screen.findByRole('heading', { name: TWO_FACTOR_TEXT.challengeTitle });
      expect(localStorage.getItem('accessToken')).toBeNull();
      await userEvent.type(screen.getByLabelText('Code from your app'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    }

    it('asks for the code after the link, then signs in as the link alone would', async () => {
      const { calls } = linkThenVerify(() =>
        json({ access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', is_admin: true }),
      );
      renderLinkPage();
      await enterCode();
      expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue to the admin area' })).toHaveAttribute('href', '/admin/');
      expect(localStorage.getItem('accessToken')).toBe('access');
      expect(localStorage.getItem('refreshToken')).toBe('refresh');
      expect(callsTo(calls, 'POST /auth/sign-in-link/tok123')).toHaveLength(1);
      expect(callsTo(calls, 'POST /auth/2fa/verify').map((call) => call.body)).toEqual([
        { challenge_token: 'challenge-1', code: '123456' },
      ]);
    });

    it('when the code step runs out, says so and offers to sign in again', async () => {
      linkThenVerify(() => json({ detail: TWO_FACTOR_MESSAGES.challengeExpired, code: 'TWO_FACTOR_INVALID' }, 401));
      renderLinkPage();
      await enterCode();
      expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.challengeExpired);
      expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/auth/signin');
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });
});
