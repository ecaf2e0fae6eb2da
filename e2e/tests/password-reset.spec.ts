import { expect, test } from '../support/fixtures';
import { baseURL } from '../support/env';
import { mailboxIds, waitForLink } from '../support/mailbox';
import { expectToast } from '../support/ui';
import { makePassword, signIn, signUpAndVerify, submitSignIn } from '../support/users';

test('forgot password: the mailed link sets a new password; the old one stops working', async ({ page }) => {
  const user = await signUpAndVerify();
  const oldPassword = user.password;
  const newPassword = makePassword();
  const before = await mailboxIds();

  await test.step('ask for a reset link', async () => {
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText('Reset your password').first()).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password reset email sent! Please check your inbox.');
  });

  const link = await waitForLink({ to: user.email, linkPrefix: '/reset-password/', exclude: before });
  expect(link.startsWith(`${baseURL()}/reset-password/`), `link ${link} points at APP_ORIGIN`).toBe(true);

  await test.step('set the new password', async () => {
    await page.goto(link);
    await expect(page.getByText('Set new password').first()).toBeVisible();
    await page.getByLabel(/^new password$/i).fill(newPassword);
    await page.getByLabel(/^confirm (new )?password$/i).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  await test.step('the old password is refused', async () => {
    await submitSignIn(page, user.email, oldPassword);
    await expect(page.getByText('Incorrect email or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  await test.step('the new password signs in', async () => {
    await signIn(page, { email: user.email, password: newPassword }, '/my-teas');
  });
});
