import type { Page } from '@playwright/test';
import { apiMe } from '../support/api';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/users';

/**
 * Issue 10 item 9 in the browser, through the dev card provider: a checkout that is cancelled or
 * declined shows so in Transactions at once (never 'Pending'), and Try Again on the cancelled
 * page opens a new checkout of the same bundle.
 */

async function openCheckout(page: Page, bundle: string): Promise<string> {
  await page.goto('/buy-coins');
  await page.getByRole('article').filter({ hasText: bundle }).getByRole('button').click();
  await expect(page).toHaveURL(/\/checkout\/dev\//);
  await expect(page.getByText('Bundle').locator('xpath=following-sibling::*[1]')).toHaveText(bundle);
  return page.url();
}

/** The newest purchase's row in Transactions. */
async function newestRow(page: Page) {
  await page.goto('/transactions');
  const row = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
  await expect(row).toBeVisible();
  return row;
}

test('Cancel ends the checkout: Transactions shows Cancelled, and Try Again opens the same bundle again', async ({
  page,
}) => {
  const buyer = await account(await adminToken());
  await signIn(page, buyer.user, '/my-teas');
  const before = (await apiMe(buyer.token)).coin_balance;

  const first = await openCheckout(page, 'Gold');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/cancelled\?plan=gold$/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/checkout\/dev\//);
  expect(page.url()).not.toBe(first);
  await expect(page.getByText('Bundle').locator('xpath=following-sibling::*[1]')).toHaveText('Gold');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();

  // The first checkout is over: its page says so and offers no way to pay it.
  await page.goto(first);
  await expect(page.getByRole('heading', { name: 'Checkout Cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  await page.goto('/transactions');
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(1);
  expect((await apiMe(buyer.token)).coin_balance).toBe(before);
});

test('Decline ends the checkout: the result page says Payment Failed and Transactions shows Failed', async ({
  page,
}) => {
  const buyer = await account(await adminToken());
  await signIn(page, buyer.user, '/my-teas');
  const before = (await apiMe(buyer.token)).coin_balance;

  await openCheckout(page, 'Silver');
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();

  const row = await newestRow(page);
  await expect(row).toContainText('Silver bundle');
  await expect(row).toContainText('Failed');
  await expect(row).not.toContainText('Pending');
  expect((await apiMe(buyer.token)).coin_balance).toBe(before);
});
