import { MESSAGES, TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { callsTo, json, type ApiHandler } from '@/testing';
import {
  codeRefused,
  DISABLE,
  preloadTwoFactorChunks,
  renderTwoFactorCard,
  STATUS,
  status,
} from '../testing/two-factor-kit';

/** The card with two-factor on, and the Turn off dialog opened from it. */
async function openDialog(respond: ApiHandler) {
  const rendered = renderTwoFactorCard({
    [STATUS]: () => json(status({ enabled: true, recovery_codes_left: 10 })),
    [DISABLE]: respond,
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Turn off' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  return { dialog, ...rendered };
}

async function fillAndSubmit(dialog: HTMLElement, user: Awaited<ReturnType<typeof openDialog>>['user']) {
  await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
  await user.type(within(dialog).getByLabelText('Code from your app'), '654321');
  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
}

beforeAll(preloadTwoFactorChunks, 30_000);
afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorDisableDialog', () => {
  it('says what turning it off does, starts at the password, and Cancel returns to Turn off', async () => {
    const { calls, dialog, user } = await openDialog(() => json({ message: TWO_FACTOR_MESSAGES.disabled }));

    expect(dialog).toHaveAccessibleDescription(TWO_FACTOR_TEXT.disableDescription);
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toHaveFocus();
    expect(callsTo(calls, DISABLE)).toEqual([]);
  });

  it('asks for both the password and a code before sending anything', async () => {
    const { calls, dialog, user } = await openDialog(() => json({ message: TWO_FACTOR_MESSAGES.disabled }));

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(callsTo(calls, DISABLE)).toEqual([]);
  });

  it('takes a recovery code in a text field of its own', async () => {
    const { calls, dialog, user } = await openDialog(() => json({ message: TWO_FACTOR_MESSAGES.disabled }));

    expect(within(dialog).getByLabelText('Code from your app')).toHaveAttribute('inputmode', 'numeric');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    expect(recovery).toHaveAttribute('inputmode', 'text');
    expect(recovery).toHaveAttribute('autocomplete', 'off');
    expect(recovery).toHaveAccessibleDescription(TWO_FACTOR_TEXT.challengeRecovery);

    await user.type(within(dialog).getByLabelText('Password'), 'KettleDemo1');
    await user.type(recovery, 'abcde-12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(callsTo(calls, DISABLE).map((call) => call.body)).toEqual([
      { password: 'KettleDemo1', code: 'abcde-12345' },
    ]);
  });

  it.each([
    ['a wrong password', 'Password', MESSAGES.auth.wrongCurrentPassword, 'password'],
    ['a wrong code', 'Code from your app', TWO_FACTOR_MESSAGES.codeInvalid, 'code'],
  ])('shows %s under its field and stays signed in', async (_, label, detail, field) => {
    const { dialog, user } = await openDialog(() =>
      json(
        field === 'code' ? codeRefused(detail) : { detail, code: 'BAD_REQUEST', errors: [{ field, message: detail }] },
        400,
      ),
    );

    await fillAndSubmit(dialog, user);
    const input = within(dialog).getByLabelText(label);
    expect(await within(dialog).findByText(detail)).toHaveAttribute(
      'id',
      input.getAttribute('aria-describedby')?.split(' ').at(-1),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(getSession().accessToken).toBe('access-token');
  });

  it('says a code already used was just used, empties only the code and keeps the password', async () => {
    const detail = 'This code was just used; wait for the next one.';
    const { dialog, user } = await openDialog(() =>
      json({ detail, code: 'TWO_FACTOR_CODE_USED', errors: [{ field: 'code', message: detail }] }, 400),
    );

    await fillAndSubmit(dialog, user);
    const code = within(dialog).getByLabelText('Code from your app');
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('KettleDemo1');
    expect(getSession().accessToken).toBe('access-token');
  });

  it('says in the dialog when there were too many wrong codes (429)', async () => {
    const { dialog, user } = await openDialog(() =>
      json({ detail: TWO_FACTOR_MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' }, 429),
    );
    await fillAndSubmit(dialog, user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.tooManyAttempts);
  });

  it('once off, signs out here with the reason and opens sign-in to come back', async () => {
    const { calls, dialog, user, router } = await openDialog(() => json({ message: TWO_FACTOR_MESSAGES.disabled }));

    await fillAndSubmit(dialog, user);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_TEXT.signedOutOff)).toBeInTheDocument();
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null });
    expect(router.state.location.state).toEqual({ from: '/account' });
    expect(callsTo(calls, DISABLE).map((call) => call.body)).toEqual([{ password: 'KettleDemo1', code: '654321' }]);
  });
});
