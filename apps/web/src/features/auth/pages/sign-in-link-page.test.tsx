import { MESSAGES } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInLinkPage } from './sign-in-link-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter([{ path: '/auth/sign-in-link/:token', element: <SignInLinkPage /> }], {
    initialEntries: ['/auth/sign-in-link/tok123'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SignInLinkPage', () => {
  it('shows a spinner while the link is spent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Signing you in' })).toBeInTheDocument();
  });

  it('spends the link once, even under StrictMode, stores the session and offers My Teas', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json({ access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', is_admin: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to My Teas' })).toHaveAttribute('href', '/my-teas');
    const linkCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/auth/sign-in-link/tok123');
    expect(linkCalls).toHaveLength(1);
    expect(linkCalls[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(localStorage.getItem('accessToken')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: MESSAGES.auth.invalidSignInLink, code: 'INVALID_TOKEN' }, 400)),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidSignInLink);
    expect(screen.getByRole('link', { name: 'Request a new sign-in link' })).toHaveAttribute('href', '/auth/signin');
  });

  it('says so when the account is deactivated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: MESSAGES.auth.inactive, code: 'ACCOUNT_INACTIVE' }, 403)),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.inactive);
  });
});
