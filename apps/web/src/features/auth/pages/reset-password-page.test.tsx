import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { ResetPasswordPage } from './reset-password-page';

const renderReset = () =>
  renderRoute('/reset-password/tok123', {
    pattern: '/reset-password/:token',
    element: <ResetPasswordPage />,
    routes: [{ path: '/auth/signin', element: <p>Sign in page</p> }],
    queryClient: new QueryClient(),
    toaster: false,
  }).user;

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  const submit = screen.getByRole('button', { name: 'Reset Password' });
  expect(submit).toBeDisabled();
  await user.type(screen.getByLabelText('New password'), 'Brewing42');
  await user.type(screen.getByLabelText('Confirm new password'), 'Brewing42');
  expect(submit).toBeEnabled();
  await user.click(submit);
}

afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordPage', () => {
  it('enables submit once valid, sends new_password and goes to sign-in', async () => {
    const { fetchMock } = stubApi(() => json({ message: 'ok' }, 200));
    const user = renderReset();
    await fillAndSubmit(user);
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/reset-password/tok123');
    expect(JSON.parse(String(init?.body))).toEqual({ new_password: 'Brewing42' });
  });

  it('replaces the form with a way to get a new link when the token is dead', async () => {
    const body = { detail: 'This password reset link is invalid or has expired.', code: 'INVALID_TOKEN' };
    stubApi(() => json(body, 400));
    const user = renderReset();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(body.detail);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
