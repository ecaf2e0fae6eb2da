import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
// The plain test, not the console guard: a wrong password and a replayed code are refused on purpose.
import { expect, test } from '../support/fixtures';
import { expectToast, logOut } from '../support/ui';
import { signIn, signUpAndVerify, submitSignIn, type TestUser } from '../support/users';

/** What an authenticator app computes from the key on the page (SHA-1, 6 digits, 30 s). */
const appFor = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/**
 * A code for the next time step: the server takes each step once and one step either side of
 * now, so this never repeats the step that turned two-factor on a moment ago.
 */
const nextCode = (app: TOTP) => app.generate({ timestamp: Date.now() + 30_000 });

/** The sign-in form where the app left it: a fresh load would lose the page to come back to. */
async function fillSignIn(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function enterCode(page: Page, label: string, code: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  if (label === 'Recovery code') await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Issue 14, two-factor sign-in: a member turns it on from My Account with the key the page shows
 * (the test plays the authenticator app) and their password, saves the recovery codes, signs in
 * with a code, is told that the same code again was just used, signs in with a recovery code, and
 * turns it off again. A fresh member: it changes how they sign in.
 */
test('a member turns on two-factor sign-in, signs in with a code and a recovery code, and turns it off', async ({
  page,
}) => {
  const member = await signUpAndVerify();
  await signIn(page, member, '/my-teas');
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });

  const { app, codes } = await test.step('turn it on with the password and a code from the key', async () => {
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await card.getByRole('group', { name: 'Setup key' }).locator('code').innerText()).replace(/\s+/g, '');
    const totp = appFor(key);
    const password = card.getByLabel('Password', { exact: true });
    // A session alone cannot turn it on: a wrong password is refused at its field, and it stays off.
    await card.getByLabel('Code from your app', { exact: true }).fill(totp.generate());
    await password.fill('Not-the-password-1');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByText('Your current password is incorrect.')).toBeVisible();
    await expect(password).toBeFocused();
    await password.fill(member.password);
    await card.getByLabel('Code from your app', { exact: true }).fill(totp.generate());
    await card.getByRole('button', { name: 'Turn on' }).click();

    await expect(card.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(card.getByText('Each recovery code works once. They are shown only now.')).toBeVisible();
    const shown = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    return { app: totp, codes: shown };
  });

  const used = await test.step('after saving the codes, this device signs in again, with a code', async () => {
    await card.getByRole('button', { name: "I've saved my codes, sign in again" }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expectToast(page, 'Two-factor sign-in is on. Sign in again with a code from your app.');
    const tokens = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(tokens).toBeNull();

    await fillSignIn(page, member);
    const code = nextCode(app);
    await enterCode(page, 'Code from your app', code);
    // Back where the change was made, as after any sign-in a page asked for.
    await expect(page).toHaveURL(/\/account$/);
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByText('10 recovery codes left')).toBeVisible();
    return code;
  });

  await test.step('the same code again says it was just used; a recovery code signs in once instead', async () => {
    await logOut(page);
    await submitSignIn(page, member.email, member.password);
    // Its time step was accepted moments ago and is still within the one either side of now.
    await enterCode(page, 'Code from your app', used);
    const field = page.getByLabel('Code from your app', { exact: true });
    await expect(page.getByText('This code was just used; wait for the next one.')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    await enterCode(page, 'Recovery code', codes[0] ?? '');
    // Signed in: on the page they logged out from, or My Teas (where a fresh sign-in lands).
    await expect(page).toHaveURL(/\/(account|my-teas)$/);
    await page.goto('/account');
    await expect(card.getByText('9 recovery codes left')).toBeVisible();
  });

  await test.step('turn it off with the password and a recovery code; sign-in needs only the password', async () => {
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    await dialog.getByLabel('Recovery code', { exact: true }).fill(codes[1] ?? '');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expectToast(page, 'Two-factor sign-in is off. Sign in again with your password.');

    await fillSignIn(page, member);
    await expect(page).toHaveURL(/\/account$/);
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
  });
});
