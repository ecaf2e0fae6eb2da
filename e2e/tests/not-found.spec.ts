import { expect, test } from '../support/fixtures';

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  // The server answers index.html for client routes; the SPA draws the 404.
  await page.goto('/no-such-teapot');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'All Teas' })).toBeVisible();
});
