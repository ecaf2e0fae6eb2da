import type { Page } from '@playwright/test';
import { apiCreateTea, makeTea } from '../support/api';
import { VIEWPORTS } from '../support/env';
import { account, adminToken, publishTea } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { noisyPngFile } from '../support/images';
import { saveScreenshot } from '../support/screenshots';
import { fillTeaForm } from '../support/teas';
import { fontsReady } from '../support/ui';
import { makeUser, register, signIn, SIGN_UP_BUTTON, verificationToken } from '../support/users';

/**
 * The states issue 11 changed, at a phone and a desktop width, photographed for people to look at
 * (e2e/test-results/screenshots/feedback-*); each is checked for what it must say first.
 */
const SERVER_ERROR = { status: 500, json: { detail: 'Server error. Please try again later.' } };

async function shoot(page: Page, name: string): Promise<void> {
  await fontsReady(page);
  await saveScreenshot(page, `feedback-${name}`);
}

/** Follows an in-app link carrying the router state the bell's links carry. */
async function openFromNotification(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: { from: 'notification' }, key: 'bell', idx: 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('load failures: list error, post error, removed tea', async ({ page, member }) => {
      await signIn(page, member, '/my-teas');
      await page.route('**/api/v1/posts/?**', (route) => route.fulfill(SERVER_ERROR));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Error Loading Posts' })).toBeVisible();
      await shoot(page, 'home-error');
      await page.unrouteAll();

      await page.route('**/api/v1/posts/00000000-0000-4000-8000-000000000001', (route) => route.fulfill(SERVER_ERROR));
      await page.goto('/posts/00000000-0000-4000-8000-000000000001');
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
      await shoot(page, 'post-error');
      await page.unrouteAll();

      await page.goto('/my-teas');
      await openFromNotification(page, '/posts/00000000-0000-4000-8000-000000000002');
      await expect(page.getByRole('heading', { level: 1, name: 'This tea was removed' })).toBeVisible();
      await shoot(page, 'post-removed');
    });

    test('a failed refresh keeps My Teas on screen under a banner', async ({ page }) => {
      const admin = await adminToken();
      const author = await account(admin, 100);
      const kept = await apiCreateTea(author.token, makeTea('Kept on screen'));
      const gone = await apiCreateTea(author.token, makeTea('Emptied for the banner'));
      await signIn(page, author.user, '/my-teas');
      await expect(page.getByRole('heading', { name: kept.title })).toBeVisible();
      // Emptying a pot refreshes the lists; that refresh fails.
      await page.route('**/api/v1/posts/me?**', (route) => route.fulfill(SERVER_ERROR));
      const card = page.getByRole('article').filter({ hasText: gone.title });
      await card.getByRole('button', { name: 'Empty Pot' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Empty Pot', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: "Couldn't refresh" })).toBeVisible();
      await expect(page.getByRole('heading', { name: kept.title })).toBeVisible();
      await shoot(page, 'my-teas-stale');
    });

    test('a pending own tea, the account page and the username check', async ({ page }) => {
      const admin = await adminToken();
      const author = await account(admin, 1_500);
      const pending = await apiCreateTea(author.token, makeTea('Pending screenshot tea'));
      await signIn(page, author.user, '/my-teas');
      await page.goto(`/posts/${pending.id}`);
      await expect(page.getByText('New comments open once this tea is published.')).toBeVisible();
      await expect(page.getByText('No comments yet')).toHaveCount(0);
      await shoot(page, 'pending-own-tea');

      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await expect(page.getByRole('banner').getByTitle(/Tea Coins$/)).toBeVisible();
      const name = page.getByLabel('Username', { exact: true });
      await name.fill('a');
      await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
      await page.getByRole('region', { name: 'Coin History' }).getByRole('listitem').first().waitFor();
      await shoot(page, 'account');
    });

    test('auth: sign-in after sign-up, already verified, Access Denied', async ({ page, member }) => {
      const fresh = makeUser();
      await page.goto('/auth/signup');
      await page.getByLabel('Username', { exact: true }).fill(fresh.username);
      await page.getByLabel('Email', { exact: true }).fill(fresh.email);
      await page.getByLabel('Password', { exact: true }).fill(fresh.password);
      await page.getByLabel('Confirm password', { exact: true }).fill(fresh.password);
      await page.getByRole('button', { name: SIGN_UP_BUTTON }).click();
      await expect(page).toHaveURL(/\/auth\/signin$/);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(fresh.email);
      await shoot(page, 'signin-after-signup');

      const again = makeUser();
      await register(again);
      const token = await verificationToken(again.email);
      await page.goto(`/auth/verify-email/${token}`);
      await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
      await page.goto(`/auth/verify-email/${token}`);
      await expect(page.getByText('This link was used before: your email was already verified.')).toBeVisible();
      await shoot(page, 'verify-again');

      await signIn(page, member, '/my-teas');
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await shoot(page, 'access-denied');
    });

    test('admin pages: centred feed, one empty-state line for users', async ({ page, admin }) => {
      const token = await adminToken();
      await publishTea(await account(token), token, makeTea('Admin screenshot tea'));
      await signIn(page, admin, '/admin/');
      await expect(page.getByRole('heading', { name: 'Tea Moderation Feed' })).toBeVisible();
      await page.getByRole('main').getByRole('article').first().waitFor();
      await shoot(page, 'admin-feed');
      await page.goto('/admin/users?search=nobody-matches-this');
      await expect(page.getByText('No users found')).toHaveCount(1);
      await shoot(page, 'admin-users-empty');
    });

    test('submitting photos: progress, then processing', async ({ page }) => {
      const token = await adminToken();
      const author = await account(token, 100);
      await signIn(page, author.user, '/my-teas');
      await page.goto('/submit');
      const tea = makeTea('Photo progress tea');
      await fillTeaForm(page, tea, {
        category: (await page.getByLabel('Category', { exact: true }).locator('option').nth(1).textContent()) ?? '',
        state: (await page.getByLabel('State', { exact: true }).locator('option').nth(1).textContent()) ?? '',
        images: [noisyPngFile('harbour.png'), noisyPngFile('market.png')],
      });
      // A slow phone connection, so the bytes take a few seconds to go out.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        // Also holds the answer back, so 'Processing photos…' stays long enough to be seen.
        latency: 1_500,
        downloadThroughput: 1_000_000,
        uploadThroughput: 250_000,
      });
      await page.getByRole('button', { name: 'Submit Tea' }).click();
      const panel = page.getByRole('region', { name: 'Upload progress' });
      await expect(panel.getByRole('progressbar', { name: 'Total upload' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
      await shoot(page, 'submit-uploading');
      await expect(panel.getByText('Processing photos…', { exact: true })).toBeVisible({ timeout: 20_000 });
      await shoot(page, 'submit-processing');
      await expect(page).toHaveURL(/\/my-teas$/, { timeout: 20_000 });
    });
  });
}
