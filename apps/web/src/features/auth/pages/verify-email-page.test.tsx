import { MESSAGES } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailPage } from './verify-email-page';

function renderVerify() {
  const router = createMemoryRouter([{ path: '/auth/verify-email/:token', element: <VerifyEmailPage /> }], {
    initialEntries: ['/auth/verify-email/tok123'],
  });
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('spends the token once, even under StrictMode, then offers sign-in', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ message: 'Your email has been verified. You can now sign in.' }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/verify-email/tok123');
  });

  it('says the email is already verified when the link is opened again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: MESSAGES.auth.alreadyVerified }), { status: 200 })),
    );
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Already verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.auth.alreadyVerified);
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
  });

  it('explains a dead link and offers a new one', async () => {
    const body = { detail: 'This verification link is invalid or has expired.', code: 'INVALID_TOKEN' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(body.detail);
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
  });
});
