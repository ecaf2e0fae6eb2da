import { MESSAGES } from '@kettle/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/features/posts/testing/render-posts';
import { json, renderRoute, stubApi } from '@/testing';
import { VerifyEmailPage } from './verify-email-page';

const renderVerify = (signedIn = false) =>
  renderRoute('/auth/verify-email/tok123', {
    pattern: '/auth/verify-email/:token',
    element: <VerifyEmailPage />,
    queryClient: new QueryClient(),
    toaster: false,
    strict: true,
    signedIn,
  });

const VERIFY = 'POST /auth/verify-email/tok123';
const deadLink = { detail: MESSAGES.auth.invalidVerifyToken, code: 'INVALID_TOKEN' };

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage, signed out', () => {
  it('spends the token once, even under StrictMode, says the email is verified and that signing in is next', async () => {
    const { fetchMock } = stubApi({ [VERIFY]: () => json({ message: MESSAGES.auth.verified }) });
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sign in to continue.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/verify-email/tok123');
  });

  it('says the email was already verified when the link is opened again, and offers no new link', async () => {
    stubApi({ [VERIFY]: () => json({ message: MESSAGES.auth.alreadyVerified }) });
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This link was used before: your email was already verified.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
  });

  it('explains a dead link and offers a new one', async () => {
    stubApi({ [VERIFY]: () => json(deadLink, 400) });
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(deadLink.detail);
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
  });
});

describe('VerifyEmailPage, signed in', () => {
  it('tells the member their email is verified and points onward, never to sign in', async () => {
    stubApi({ [VERIFY]: () => json({ message: MESSAGES.auth.verified }) }, { user: buildUser() });
    renderVerify(true);
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for confirming your address.');
    expect(screen.getByRole('link', { name: 'Continue to the feed' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByText(/sign in/i)).not.toBeInTheDocument();
  });

  it('a dead link for an address already verified says so instead of offering a new link', async () => {
    stubApi({ [VERIFY]: () => json(deadLink, 400) }, { user: buildUser({ email_verified: true }) });
    renderVerify(true);
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This link has expired, but there is nothing left to do: your email is already verified.',
    );
    expect(screen.getByRole('link', { name: 'Continue to the feed' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
  });

  it('a dead link for an address still unverified offers a new link to that address', async () => {
    const user = buildUser({ email_verified: false });
    stubApi({ [VERIFY]: () => json(deadLink, 400) }, { user });
    renderVerify(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(deadLink.detail);
    expect(await screen.findByRole('textbox', { name: /email/i })).toHaveValue(user.email);
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
  });
});
