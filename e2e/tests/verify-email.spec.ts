import { expect, test } from '../support/fixtures';
import { makeUser, register, signIn, verificationToken } from '../support/users';

/**
 * The emailed verification link says what is now so and what comes next: a visitor signs in, a
 * signed-in member carries on (and is never told to sign in).
 */

test('signed out: the link verifies the email and sign-in is the next step', async ({ page }) => {
  const user = makeUser();
  await register(user);
  await page.goto(`/auth/verify-email/${encodeURIComponent(await verificationToken(user.email))}`);
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Sign in to continue.');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test('signed in: the link says the email is verified and leads on to the feed; opened again it says so', async ({
  page,
}) => {
  const user = makeUser();
  await register(user);
  const token = await verificationToken(user.email);
  await signIn(page, user, /\/my-teas$/);

  await page.goto(`/auth/verify-email/${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Thanks for confirming your address.');
  await expect(page.getByText(/sign in/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');

  await page.goto(`/auth/verify-email/${encodeURIComponent(token)}`);
  await expect(page.getByRole('status')).toHaveText('This link was used before: your email was already verified.');
  await page.getByRole('link', { name: 'Continue to the feed' }).click();
  await expect(page).toHaveURL(/\/$/);
});
