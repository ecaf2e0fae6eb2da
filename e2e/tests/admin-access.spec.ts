import { expect, test } from '../support/fixtures';
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
  const goToLogin = page.getByRole('link', { name: 'Go to Login' });
  await expect(goToLogin).toBeVisible();
  await expect(goToLogin).toHaveAttribute('href', '/auth/signin');
});
