import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { SignUpPage } from './sign-up-page';

const renderSignUp = () =>
  renderRoute('/auth/signup', {
    element: <SignUpPage />,
    routes: [{ path: '/auth/signin', element: <p>Sign in page</p> }],
    queryClient: new QueryClient(),
    toaster: false,
  }).user;

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'jane_doe');
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'Brewing42');
  await user.type(screen.getByLabelText('Confirm password'), 'Brewing42');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SignUpPage', () => {
  it('hides the honeypot from people and sends it empty with the account', async () => {
    const { fetchMock } = stubApi(() => json({ message: 'ok' }, 201));
    const user = renderSignUp();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument();

    await fill(user);

    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'jane_doe',
      email: 'jane@example.com',
      password: 'Brewing42',
      website: '',
    });
  });

  it('shows a 409 under the field it is about', async () => {
    const body = {
      detail: 'Conflict',
      code: 'CONFLICT',
      errors: [{ field: 'email', message: 'An account with this email already exists.' }],
    };
    stubApi(() => json(body, 409));
    const user = renderSignUp();
    await fill(user);
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
  });

  it('shows mismatched passwords', async () => {
    const user = renderSignUp();
    await user.type(screen.getByLabelText('Username'), 'jane_doe');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Brewing42');
    await user.type(screen.getByLabelText('Confirm password'), 'Brewing43');
    await user.tab();
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });
});
