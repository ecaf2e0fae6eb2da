import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

test('the admin signs in and lands on the moderation feed', async ({ page, admin }) => {
  await signIn(page, admin, '/admin/');
  await expect(page.getByRole('heading', { name: 'Tea Moderation Feed' })).toBeVisible();
});

test('a visitor at /admin/ is sent to sign in', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a signed-in member at /admin/ is denied', async ({ page, member }) => {
  await signIn(page, member, '/my-teas');
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  // Switch account signs out and, signed in as the admin, comes back to the page.
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a signed-in member who opens sign-in, sign-up or forgot-password lands on My Teas with a notice', async ({
  page,
  member,
}) => {
  await signIn(page, member, '/my-teas');
  for (const path of ['/auth/signin', '/auth/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/my-teas$/);
    await expectToast(page, "You're already signed in");
  }
});
