import { ACCOUNT_DATA_MESSAGES, TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/app/guards/require-auth';
import { getSession, onLogout } from '@/lib/session';
import { callsTo, json, landing, reader, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { AccountDataPanel } from './account-data-panel';

const DELETE = 'DELETE /users/me';

/** My Account's panel behind its sign-in guard, with the dialog opened from it, as a member does. */
async function openDialog(respond: ApiHandler, twoFactor = false) {
  const { calls } = stubApi({ [DELETE]: respond });
  const rendered = renderRoute('/account', {
    routes: [
      { element: <RequireAuth />, children: [{ path: '/account', element: <AccountDataPanel /> }] },
      landing('/', 'Home page'),
      landing('/auth/signin', 'Sign in page'),
    ],
    user: { ...reader(40), two_factor_enabled: twoFactor },
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  return { calls, dialog, ...rendered };
}

afterEach(() => vi.unstubAllGlobals());

describe('DeleteAccountDialog', () => {
  it('states every consequence before anything is deleted, and Cancel closes it', async () => {
    const { calls, dialog, user } = await openDialog(() => json({ message: ACCOUNT_DATA_MESSAGES.deleted }));

    const list = within(dialog).getByRole('list', { name: 'What deleting your account does' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...ACCOUNT_DATA_MESSAGES.consequences]);
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_DATA_MESSAGES.consequences[5]));
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    expect(callsTo(calls, DELETE)).toEqual([]);
  });

  it('refuses an empty password under the field and sends nothing', async () => {
    const { calls, dialog, user } = await openDialog(() => json({ message: ACCOUNT_DATA_MESSAGES.deleted }));

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_DATA_MESSAGES.passwordRequired);
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-describedby', alert.id);
    expect(callsTo(calls, DELETE)).toEqual([]);
    expect(getSession().accessToken).toBe('access-token');
  });

  it('shows a wrong password (400) under the field and keeps the member signed in', async () => {
    const wrong = ACCOUNT_DATA_MESSAGES.wrongPassword;
    const { calls, dialog, user } = await openDialog(() =>
      json({ detail: wrong, code: 'BAD_REQUEST', errors: [{ field: 'password', message: wrong }] }, 400),
    );

    await user.type(within(dialog).getByLabelText('Password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const password = within(dialog).getByLabelText('Password');
    expect(await within(dialog).findByText(wrong)).toHaveAttribute('id', password.getAttribute('aria-describedby'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(callsTo(calls, DELETE).map((call) => call.body)).toEqual([{ password: 'not-my-password' }]);
    expect(getSession().accessToken).toBe('access-token');
  });

  it('says in the dialog why it refused (409: a live subscription)', async () => {
    const { dialog, user } = await openDialog(() =>
      json({ detail: ACCOUNT_DATA_MESSAGES.subscriptionActive, code: 'CONFLICT' }, 409),
    );

    await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_DATA_MESSAGES.subscriptionActive);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('on success says so, signs out on this device only and lands on the home page', async () => {
    const signOuts: unknown[][] = [];
    const stop = onLogout((...args) => signOuts.push(args));
    const { calls, dialog, user, router } = await openDialog(() => json({ message: ACCOUNT_DATA_MESSAGES.deleted }));

    await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DATA_MESSAGES.deleted)).toBeInTheDocument();
    // Not sent on to sign in by /account's guard as the session ends.
    expect(screen.queryByRole('heading', { name: 'Sign in page' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null });
    expect(signOuts).toEqual([[undefined, { redirect: false }]]);
    expect(callsTo(calls, DELETE).map((call) => call.body)).toEqual([{ password: 'KettleDemo1' }]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).not.toContain('POST /auth/logout');
    stop();
  });

  describe('with two-factor sign-in on', () => {
    const refused = (detail: string) =>
      json({ detail, code: 'TWO_FACTOR_INVALID', errors: [{ field: 'code', message: detail }] }, 400);

    it('asks for a code too, checks it is there, and sends it with the password', async () => {
      const { calls, dialog, user } = await openDialog(() => refused(TWO_FACTOR_MESSAGES.codeUsed), true);

      const code = within(dialog).getByLabelText('Code from your app');
      expect(code).toHaveAccessibleDescription(TWO_FACTOR_TEXT.deleteCodeHint);
      await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
      expect(callsTo(calls, DELETE)).toEqual([]);

      await user.type(code, '123456');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeUsed)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo(calls, DELETE).map((call) => call.body)).toEqual([{ password: 'KettleDemo1', code: '123456' }]);
      expect(getSession().accessToken).toBe('access-token');
    });

    it('shows the code field when the server asks for one this page did not know about', async () => {
      const { calls, dialog, user } = await openDialog((call) =>
        (call.body as { code?: string }).code
          ? json({ message: ACCOUNT_DATA_MESSAGES.deleted })
          : refused(TWO_FACTOR_MESSAGES.codeRequired),
      );

      expect(within(dialog).queryByLabelText('Code from your app')).not.toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
      await user.type(within(dialog).getByLabelText('Recovery code'), 'k0t3a-b0r3w');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(callsTo(calls, DELETE).map((call) => call.body)).toEqual([
        { password: 'KettleDemo1' },
        { password: 'KettleDemo1', code: 'k0t3a-b0r3w' },
      ]);
    });
  });
});
