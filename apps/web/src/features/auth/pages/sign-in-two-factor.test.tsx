import { MESSAGES, TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, logout } from '@/lib/session';
import { callsTo, json, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { SignInPage } from './sign-in-page';

const LOGIN = 'POST /auth/login';
const VERIFY = 'POST /auth/2fa/verify';
const CHALLENGE = { two_factor_required: true, challenge_token: 'challenge-1' };
const tokens = (isAdmin = false) => ({
  access_token: 'access',
  refresh_token: 'refresh',
  token_type: 'bearer',
  is_admin: isAdmin,
});

/** Sign-in for an account with two-factor on, up to the code step. */
async function reachCodeStep(verify: ApiHandler, state?: { from: string }) {
  const stub = stubApi({ [LOGIN]: () => json(CHALLENGE), [VERIFY]: verify });
  const rendered = renderRoute('/auth/signin', {
    element: <SignInPage />,
    routes: [
      { path: '/my-teas', element: <h1>My teas page</h1> },
      { path: '/admin/', element: <h1>Admin home</h1> },
      { path: '/account', element: <h1>Account page</h1> },
    ],
    state,
  });
  await rendered.user.type(screen.getByLabelText('Email'), 'Ava@Example.com');
  await rendered.user.type(screen.getByLabelText('Password'), 'KettleDemo1');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: TWO_FACTOR_TEXT.challengeTitle });
  return { ...stub, ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('SignInPage: the two-factor code step', () => {
  it('asks for the code with no session stored yet, the keypad up and the focus in the field', async () => {
    await reachCodeStep(() => json(tokens()));

    expect(getSession()).toEqual({ accessToken: null, refreshToken: null });
    expect(document.title).toContain(TWO_FACTOR_TEXT.challengeTitle);
    expect(screen.getByText('ava@example.com')).toBeInTheDocument();
    const code = screen.getByLabelText('Code from your app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_TEXT.challengeApp);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('sends the challenge and code without a bearer token, then goes on as any sign-in does', async () => {
    const { calls, fetchMock, user } = await reachCodeStep(() => json(tokens()), { from: '/account' });

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.auth.signedIn)).toBeInTheDocument();
    expect(getSession()).toEqual({ accessToken: 'access', refreshToken: 'refresh' });
    expect(callsTo(calls, VERIFY).map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', code: '123456' },
    ]);
    const init = fetchMock.mock.calls.find(([url]) => url.endsWith('/auth/2fa/verify'))?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('sends an admin to the admin area, with a recovery code', async () => {
    const { calls, user } = await reachCodeStep(() => json(tokens(true)));

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await user.type(recovery, 'k0t3a-b0r3w');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
    expect(callsTo(calls, VERIFY).map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', code: 'k0t3a-b0r3w' },
    ]);
  });

  it('refuses an empty code unsent, and shows a wrong one under the field', async () => {
    const detail = TWO_FACTOR_MESSAGES.codeInvalid;
    const { calls, user, router } = await reachCodeStep(() =>
      json({ detail, code: 'TWO_FACTOR_INVALID', errors: [{ field: 'code', message: detail }] }, 400),
    );

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(callsTo(calls, VERIFY)).toEqual([]);

    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(getSession().accessToken).toBeNull();

    // The other kind of code starts empty, without the refusal of the last one.
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toHaveValue('');
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
  });

  it('says a code from a window already used was just used, and empties the field for the next one', async () => {
    const detail = 'This code was just used; wait for the next one.';
    const { calls, user } = await reachCodeStep(() =>
      json({ detail, code: 'TWO_FACTOR_CODE_USED', errors: [{ field: 'code', message: detail }] }, 400),
    );

    const code = screen.getByLabelText('Code from your app');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(detail)).toHaveAttribute(
      'id',
      code.getAttribute('aria-describedby')?.split(' ').at(-1),
    );
    expect(screen.queryByText(TWO_FACTOR_MESSAGES.codeInvalid)).not.toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(getSession().accessToken).toBeNull();

    // The app's next code goes straight in, and the message goes with the new try.
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(callsTo(calls, VERIFY)).toHaveLength(2));
    expect(callsTo(calls, VERIFY).map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', code: '123456' },
      { challenge_token: 'challenge-1', code: '654321' },
    ]);
  });

  it('says so above the field when there were too many wrong codes (429)', async () => {
    const { user } = await reachCodeStep(() =>
      json({ detail: TWO_FACTOR_MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' }, 429),
    );
    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(screen.getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends an expired challenge back to the password step with the reason, the email kept', async () => {
    const { calls, user } = await reachCodeStep(() =>
      json({ detail: TWO_FACTOR_MESSAGES.challengeExpired, code: 'TWO_FACTOR_INVALID' }, 401),
    );

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ava@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // A challenge that ran out never stands for a session: the page did not try refreshing one.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([LOGIN, VERIFY]);
  });

  it('Back to sign in returns to the password step without a message', async () => {
    const { user } = await reachCodeStep(() => json(tokens()));
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
