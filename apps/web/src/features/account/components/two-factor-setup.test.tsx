import { MESSAGES, TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileDate } from '@/lib/download-file';
import { getSession } from '@/lib/session';
import { callsTo, json, type ApiRoutes } from '@/testing';
import {
  codeRefused,
  ENABLE,
  preloadTwoFactorChunks,
  RECOVERY_CODES,
  renderTwoFactorCard,
  SETUP,
  SETUP_ANSWER,
  STATUS,
  status,
} from '../testing/two-factor-kit';

/** The card with setup started, as after a click on Turn on. */
async function startSetup(routes: ApiRoutes = {}) {
  const rendered = renderTwoFactorCard({
    [STATUS]: () => json(status()),
    [SETUP]: () => json(SETUP_ANSWER),
    ...routes,
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Turn on' }));
  await screen.findByRole('heading', { name: 'Set up your authenticator app' });
  return rendered;
}

/** A code from the app and the account's password, as turning it on asks. */
async function fillAndTurnOn(user: Awaited<ReturnType<typeof startSetup>>['user']) {
  await user.type(screen.getByLabelText('Code from your app'), '123456');
  await user.type(screen.getByLabelText('Password'), 'KettleDemo1');
  await user.click(screen.getByRole('button', { name: 'Turn on' }));
}

beforeAll(preloadTwoFactorChunks, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Turning on two-factor sign-in', () => {
  it('draws the otpauth URL as a QR code, shows the key to type, and asks for a 6-digit code', async () => {
    await startSetup();

    expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
    const qr = await screen.findByRole('img', { name: TWO_FACTOR_TEXT.qrLabel });
    const side = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    // A version's side is 17 + 4n modules, plus 4 blank ones either side.
    expect((side - 8 - 17) % 4).toBe(0);
    const path = qr.querySelector('path')?.getAttribute('d') ?? '';
    // The top-left finder pattern: its outer ring is dark, the ring inside it light.
    expect(path).toContain('M4 4h1v1h-1z');
    expect(path).toContain('M10 4h1v1h-1z');
    expect(path).toContain('M4 10h1v1h-1z');
    expect(path).not.toContain('M5 5h1v1h-1z');

    const key = screen.getByRole('group', { name: TWO_FACTOR_TEXT.keyLabel });
    expect(within(key).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(key).toHaveAccessibleDescription(TWO_FACTOR_TEXT.keyHint);

    const code = screen.getByLabelText('Code from your app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_TEXT.codeHint);
    // Setting up proves the app works: a recovery code has no place here yet.
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
  });

  it('copies the setup key without the spaces', async () => {
    const { user } = await startSetup();
    await user.click(screen.getByRole('button', { name: 'Copy setup key' }));
    expect(await navigator.clipboard.readText()).toBe(SETUP_ANSWER.secret);
    expect(await screen.findByText(TWO_FACTOR_TEXT.keyCopied)).toBeInTheDocument();
  });

  it('refuses an empty code without asking the API, and shows a wrong code under the field', async () => {
    const { calls, user } = await startSetup({
      [ENABLE]: () => json(codeRefused(TWO_FACTOR_MESSAGES.codeInvalid), 400),
    });

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(callsTo(calls, ENABLE)).toEqual([]);

    await fillAndTurnOn(user);
    const code = screen.getByLabelText('Code from your app');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeInvalid)).toHaveAttribute(
      'id',
      code.getAttribute('aria-describedby')?.split(' ').at(-1),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, ENABLE).map((call) => call.body)).toEqual([{ password: 'KettleDemo1', code: '123456' }]);
  });

  it('asks for the password too: none is refused unsent, a wrong one is shown under it with the focus', async () => {
    const wrong = MESSAGES.auth.wrongCurrentPassword;
    const { calls, user } = await startSetup({
      [ENABLE]: () =>
        json({ detail: wrong, code: 'BAD_REQUEST', errors: [{ field: 'password', message: wrong }] }, 400),
    });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription(TWO_FACTOR_TEXT.passwordHint);

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(callsTo(calls, ENABLE)).toEqual([]);

    await user.type(password, 'Not-My-Pass1');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    // The code was not the trouble: it stays for the next try.
    expect(screen.getByLabelText('Code from your app')).toHaveValue('123456');
    expect(screen.getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'false');
    expect(callsTo(calls, ENABLE).map((call) => call.body)).toEqual([{ password: 'Not-My-Pass1', code: '123456' }]);
  });

  it('shows any other refusal above the form (409: setup was replaced meanwhile)', async () => {
    const { user } = await startSetup({
      [ENABLE]: () => json({ detail: TWO_FACTOR_MESSAGES.notSetUp, code: 'CONFLICT' }, 409),
    });
    await fillAndTurnOn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.notSetUp);
    expect(screen.getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the ten recovery codes once, to copy or download', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await startSetup({ [ENABLE]: () => json({ recovery_codes: RECOVERY_CODES }) });

    await fillAndTurnOn(user);
    const heading = await screen.findByRole('heading', { name: TWO_FACTOR_TEXT.codesTitle });
    expect(heading).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByText(TWO_FACTOR_MESSAGES.recoveryCodesNote)).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_TEXT.signInAgainOn)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));
    expect(await screen.findByText(TWO_FACTOR_TEXT.codesCopied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(names).toEqual([`kettle-recovery-codes-${fileDate()}.txt`]);
    expect(await blobs[0]?.text()).toBe(`${RECOVERY_CODES.join('\n')}\n`);
  });

  it('once the codes are saved, signs out here and opens sign-in to come back to My Account', async () => {
    const { calls, user, router } = await startSetup({ [ENABLE]: () => json({ recovery_codes: RECOVERY_CODES }) });
    await fillAndTurnOn(user);
    // Still signed in while the codes are on screen: nothing may take them away before they are saved.
    await screen.findByRole('heading', { name: TWO_FACTOR_TEXT.codesTitle });
    expect(getSession().accessToken).toBe('access-token');

    await user.click(screen.getByRole('button', { name: "I've saved my codes, sign in again" }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_TEXT.signedOutOn)).toBeInTheDocument();
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null });
    expect(router.state.location.state).toEqual({ from: '/account' });
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    // The server revoked the session with the change: there is nothing left to sign out of there.
    expect(callsTo(calls, 'POST /auth/logout')).toEqual([]);
  });
});
