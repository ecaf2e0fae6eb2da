import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiMe } from '../support/api';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/users';

/**
 * Through the dev card provider: a checkout that is cancelled or declined shows so in Transactions
 * and its CSV at once (never 'Pending'), a declined one lands on the failure page, and Try Again
 * opens a new checkout of the same bundle.
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

/** The Status column of the CSV the Transactions page exports (the page must be open). */
async function csvStatuses(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page
    .getByRole('main')
    .getByRole('button', { name: /export csv/i })
    .click();
  const text = await readFile(await (await download).path(), 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[6] ?? '');
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
  // The CSV says what the page says, row for row.
  expect((await csvStatuses(page)).sort()).toEqual(['Cancelled', 'Pending']);
  expect((await apiMe(buyer.token)).coin_balance).toBe(before);
});

test('Decline lands on the failure page, which says nothing was charged; Transactions and its CSV say Failed', async ({
  page,
}) => {
  const buyer = await account(await adminToken());
  await signIn(page, buyer.user, '/my-teas');
  const before = (await apiMe(buyer.token)).coin_balance;

  await openCheckout(page, 'Silver');
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/failed\?session_id=[^&]+&plan=silver$/);
  await expect(page.getByRole('heading', { name: 'Payment Declined' })).toBeVisible();
  await expect(page.getByText('Your payment was declined. Nothing was charged and no coins were added.')).toBeVisible();
  await expect(page).toHaveTitle(/^Payment Declined/);

  const row = await newestRow(page);
  await expect(row).toContainText('Silver bundle');
  await expect(row).toContainText('Failed');
  await expect(row).not.toContainText('Pending');
  expect(await csvStatuses(page)).toEqual(['Failed']);
  expect((await apiMe(buyer.token)).coin_balance).toBe(before);

  // Try Again from the failure page opens a new checkout of the same bundle.
  await page.goBack();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/checkout\/dev\//);
  await expect(page.getByText('Bundle').locator('xpath=following-sibling::*[1]')).toHaveText('Silver');
});
