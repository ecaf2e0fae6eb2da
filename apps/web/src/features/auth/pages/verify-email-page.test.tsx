import { MESSAGES } from '@kettle/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { VerifyEmailPage } from './verify-email-page';

const renderVerify = () =>
  renderRoute('/auth/verify-email/tok123', {
    pattern: '/auth/verify-email/:token',
    element: <VerifyEmailPage />,
    queryClient: new QueryClient(),
    toaster: false,
    strict: true,
  });

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('spends the token once, even under StrictMode, then offers sign-in', async () => {
    const { fetchMock } = stubApi(() => json({ message: 'Your email has been verified. You can now sign in.' }, 200));
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/verify-email/tok123');
  });

  it('says the email is already verified when the link is opened again', async () => {
    stubApi(() => json({ message: MESSAGES.auth.alreadyVerified }, 200));
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Already verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.auth.alreadyVerified);
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
  });

  it('explains a dead link and offers a new one', async () => {
    const body = { detail: 'This verification link is invalid or has expired.', code: 'INVALID_TOKEN' };
    stubApi(() => json(body, 400));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(body.detail);
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
  });
});
