import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiCreateTea, apiUnlock, makeTea } from '../support/api';
import { baseURL, VIEWPORTS } from '../support/env';
import { account, adminToken, publishTea, type Account } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { openMyTeasCard } from '../support/teas';
import { signIn } from '../support/users';

/**
 * Issue 10, items 11 and 12 in the browser: a paid action says what it costs against the
 * balance before the click, a short balance disables the confirm with the missing coins and a
 * way to Buy Coins, and Empty Pot on a tea someone unlocked is disabled with its reason.
 */

/** A member whose 50-coin sign-up bonus went on `teas` pending teas (25 coins each). */
async function spentAccount(admin: string, teas: number): Promise<Account> {
  const who = await account(admin);
  for (let n = 0; n < teas; n += 1) await apiCreateTea(who.token, makeTea(`Spent tea ${n}`));
  return who;
}

async function pageOf(browser: Browser, who: Account, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, who.user, '/my-teas');
  return page;
}

test.describe('shortfalls up front', () => {
  for (const viewport of VIEWPORTS) {
    test(`with 25 of 40 coins, Unlock is disabled: "You need 15 more Tea Coins" and Buy Coins (${viewport.name})`, async ({
      browser,
    }) => {
      const admin = await adminToken();
      const author = await account(admin);
      const post = await publishTea(author, admin, makeTea('Pricey tea'));
      const reader = await spentAccount(admin, 1);
      const page = await pageOf(browser, reader, viewport.width, viewport.height);
      try {
        await page.goto(`/posts/${post.id}`);
        await page.getByRole('button', { name: 'Unlock for 40 coins' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Unlock this tea?' });
        await expect(dialog.getByText('You need 15 more Tea Coins.')).toBeVisible();
        await expect(dialog.getByText('25 Tea Coins', { exact: true })).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Unlock', exact: true })).toBeDisabled();
        await saveScreenshot(page, 'shortfall-unlock');
        await expectNoSeriousA11yViolations(page, `shortfall-unlock-${viewport.width}`);
        await dialog.getByRole('link', { name: 'Buy Coins' }).click();
        await expect(page).toHaveURL(/\/buy-coins$/);
      } finally {
        await page.context().close();
      }
    });

    test(`with 0 coins, the submit page says so before the form is filled (${viewport.name})`, async ({ browser }) => {
      const admin = await adminToken();
      const broke = await spentAccount(admin, 2);
      const page = await pageOf(browser, broke, viewport.width, viewport.height);
      try {
        await page.goto('/submit');
        const form = page.getByRole('main').locator('form');
        await expect(form.getByText('You need 25 more Tea Coins.')).toBeVisible();
        await expect(form.getByText('0 Tea Coins', { exact: true })).toBeVisible();
        await expect(form.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
        await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
        await expect(form.getByRole('button', { name: 'Submit Tea' })).toBeDisabled();
        await saveScreenshot(page, 'shortfall-submit');
        await expectNoSeriousA11yViolations(page, `shortfall-submit-${viewport.width}`);
      } finally {
        await page.context().close();
      }
    });

    test(`Empty Pot on a tea someone unlocked is disabled with the reason (${viewport.name})`, async ({ browser }) => {
      const admin = await adminToken();
      const author = await account(admin);
      const title = `Read already ${viewport.name}`;
      const post = await publishTea(author, admin, makeTea(title));
      const reader = await account(admin);
      await apiUnlock(reader.token, post.id);
      const page = await pageOf(browser, author, viewport.width, viewport.height);
      try {
        const reason = 'Someone has already unlocked this tea, so it can no longer be emptied.';
        const card = await openMyTeasCard(page, post.title);
        await expect(card.getByRole('button', { name: 'Empty Pot' })).toBeDisabled();
        await expect(card.getByText(reason)).toBeVisible();
        await saveScreenshot(page, 'empty-pot-refused-my-teas');

        await page.goto(`/posts/${post.id}`);
        const button = page.getByRole('main').getByRole('button', { name: 'Empty Pot' });
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription(reason);
        await saveScreenshot(page, 'empty-pot-refused-detail');
        await expectNoSeriousA11yViolations(page, `empty-pot-refused-${viewport.width}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
