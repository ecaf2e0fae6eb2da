import { makeTea } from '../support/api';
import { account, adminToken, publishTea } from '../support/feed';
import { expect, test } from '../support/fixtures';

// The API is made to fail on purpose here, so the console's "Failed to load resource" is expected:
// these use the plain `test`, not the console guard. The plain `/` and a post page arrive with
// their data inside them (the first view), so each test reaches the failing call another way.

test('the home list shows its error state when the API fails, and Try Again recovers', async ({ page }) => {
  let failing = true;
  await page.route('**/api/v1/posts/?**', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { detail: 'Server error. Please try again later.' } })
      : route.fallback(),
  );
  await page.route('**/api/v1/posts/', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { detail: 'Server error. Please try again later.' } })
      : route.fallback(),
  );
  // The same first page, at an address the server does not answer inside the page.
  await page.goto('/?page=1');
  await expect(page.getByRole('heading', { name: 'Error Loading Posts' })).toBeVisible();
  await expect(page.getByText('Server error. Please try again later.')).toBeVisible();
  await expect(page.getByText('Loading teas…')).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Error Loading Posts' })).toHaveCount(0);
});

test("a post the API fails to send says something went wrong, not 'Post Not Found'", async ({ page }) => {
  const admin = await adminToken();
  const post = await publishTea(await account(admin), admin, makeTea('Flaky server tea'));
  let failing = true;
  await page.route(`**/api/v1/posts/${post.id}`, (route) =>
    failing
      ? route.fulfill({ status: 500, json: { detail: 'Server error. Please try again later.' } })
      : route.fallback(),
  );
  // Opened from the list, so the app itself asks the API for the tea.
  await page.goto(`/?search=${encodeURIComponent('Flaky server tea')}`);
  await page
    .getByRole('link', { name: /Flaky server tea/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('Post Not Found')).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Flaky server tea/ })).toBeVisible();
});
