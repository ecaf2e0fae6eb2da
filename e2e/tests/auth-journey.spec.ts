import { expect, test } from '../support/fixtures';
import { baseURL } from '../support/env';
import { waitForLink } from '../support/mailbox';
import { expectToast, logOut } from '../support/ui';
import { makeUser, signIn, SIGN_UP_BUTTON } from '../support/users';

test('sign up, verify through the mailed link, sign in, log out', async ({ page }) => {
  const user = makeUser();

  await test.step('sign up through the form', async () => {
    await page.goto('/auth/signup');
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel(/^confirm password$/i).fill(user.password);
    await page.getByRole('button', { name: SIGN_UP_BUTTON }).click();
    await expectToast(page, 'User registered Successfully!');
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  const link = await test.step('the verification mail is in the dev mailbox', async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByText(user.email).first()).toBeVisible();
    const found = await waitForLink({ to: user.email, linkPrefix: '/auth/verify-email/' });
    expect(found.startsWith(`${baseURL()}/auth/verify-email/`), `link ${found} points at APP_ORIGIN`).toBe(true);
    return found;
  });

  await test.step('the link verifies the address', async () => {
    await page.goto(link);
    await expect(page.getByText(/verified/i).first()).toBeVisible();
  });

  await test.step('sign in lands on My Teas', async () => {
    await signIn(page, user, '/my-teas');
    await expectToast(page, 'Signin Successfully!');
    await expect(page.getByRole('heading', { name: 'My Teas' })).toBeVisible();
  });

  await test.step('log out through the user menu', async () => {
    await logOut(page);
  });
});
