import type { Page } from '@playwright/test';
import { expect, test } from '../support/console-guard';
import { makeTea } from '../support/api';
import { account, adminToken, publishTea } from '../support/feed';
import { signIn } from '../support/users';

/**
 * A walk through the main pages as a visitor, a member and the admin: not one console warning or
 * error on the way (support/console-guard.ts says what is allowed and why).
 */
type Stop = { path: string; heading: string | RegExp };

let teaPath = '';
test.beforeAll(async () => {
  const admin = await adminToken();
  const author = await account(admin);
  const post = await publishTea(author, admin, makeTea('Quiet console tea'));
  teaPath = `/posts/${post.id}`;
});

async function walk(page: Page, stops: readonly Stop[]): Promise<void> {
  for (const stop of stops) {
    await page.goto(stop.path);
    await expect(page.getByRole('heading', { level: 1, name: stop.heading }).first()).toBeVisible();
    // Late requests (balance, notifications, counts) log too: let them finish.
    await page.waitForLoadState('networkidle');
  }
}

const tea = (): Stop => ({ path: teaPath, heading: /Quiet console tea/ });

test('a visitor reads the public pages quietly', async ({ page }) => {
  await walk(page, [
    { path: '/', heading: 'All Teas' },
    tea(),
    { path: '/categories', heading: /Categories/ },
    { path: '/states', heading: /States/ },
    { path: '/guide', heading: 'Coin Guide' },
    { path: '/terms', heading: /Terms/ },
    { path: '/moderation', heading: /Moderation/ },
    { path: '/contact', heading: 'Contact Us' },
    { path: '/auth/signin', heading: 'Sign in' },
    { path: '/auth/signup', heading: /Sign up|Create/ },
  ]);
});

test('a member uses home, a tea, submit, account and coins quietly', async ({ page, member }) => {
  await signIn(page, member, '/my-teas');
  await walk(page, [
    { path: '/', heading: 'All Teas' },
    tea(),
    { path: '/submit', heading: 'Submit Tea' },
    { path: '/my-teas', heading: 'My Teas' },
    { path: '/account', heading: 'My Account' },
    { path: '/buy-coins', heading: /Coins/ },
    { path: '/transactions', heading: /Transaction/ },
    { path: '/guide', heading: 'Coin Guide' },
  ]);
});

test('the admin goes through the admin pages quietly', async ({ page, admin }) => {
  await signIn(page, admin, '/admin/');
  await walk(page, [
    { path: '/admin/', heading: 'Tea Moderation Feed' },
    { path: '/admin/moderation', heading: /Moderation/ },
    { path: '/admin/categories', heading: /Categories/ },
    { path: '/admin/states', heading: /States/ },
    { path: '/admin/users', heading: 'User Management' },
    { path: '/admin/companies', heading: 'Companies' },
    { path: '/admin/reports', heading: 'Admin Reports Management' },
    { path: '/admin/appeals', heading: 'Appeals' },
    { path: `/admin${teaPath}`, heading: /Quiet console tea/ },
    { path: '/account', heading: 'My Account' },
  ]);
});

test('a dark-theme choice holds on the next load, quietly', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // Only the inline head script (allowed by its CSP hash) applies a stored choice: blocked, it
  // would leave the page light and log a CSP violation, which fails this test too.
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});
