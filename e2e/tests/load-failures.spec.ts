import { makeTea } from '../support/api';
import { account, adminToken, publishTea } from '../support/feed';
import { expect, test } from '../support/fixtures';

// The API is made to fail on purpose here, so the console's "Failed to load resource" is expected:
// these use the plain `test`, not the console guard.

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
  await page.goto('/');
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
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('Post Not Found')).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Flaky server tea/ })).toBeVisible();
});
