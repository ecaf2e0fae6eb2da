import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiLogin, apiMe } from '../support/api';
import { baseURL, VIEWPORTS } from '../support/env';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { headerBalance } from '../support/teas';
import { fontsReady } from '../support/ui';
import { signIn, submitSignIn } from '../support/users';

/**
 * The 'Money' issue in the browser, through the dev card provider (the embedded default): buying
 * a bundle credits it once and shows it in the header and the history; cancelling charges
 * nothing; the history exports as CSV; an admin manages coins and switches an account off and on.
 */

const GOLD_TOTAL = 920;
const SIP_MONTHLY = 500;
const CSV_HEADER = 'ID,Amount,Currency,Coins Purchased,Bonus Coins,Total Coins,Status,Created Date,Payment Intent ID';

const coinsIn = (title: string | null): number => Number(title?.replace(/\D/g, ''));

test.describe('buying coins with the dev provider', () => {
  test('the gold bundle adds 920 coins to the header and the history, once', async ({ page }) => {
    const buyer = await account(await adminToken());
    await signIn(page, buyer.user, '/my-teas');
    const before = (await apiMe(buyer.token)).coin_balance;

    await page.goto('/buy-coins');
    const gold = page.getByRole('article').filter({ hasText: 'Gold' });
    await expect(gold).toContainText('920');
    await gold.getByRole('button').click();
    await expect(page).toHaveURL(/\/checkout\/dev\//);
    await expect(page.getByText('$29.99').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(headerBalance(page)).toHaveAttribute(
      'title',
      `${(before + GOLD_TOTAL).toLocaleString('en-US')} Tea Coins`,
    );
    expect((await apiMe(buyer.token)).coin_balance).toBe(before + GOLD_TOTAL);

    // Reloading the success page (the provider's page being revisited) credits nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect((await apiMe(buyer.token)).coin_balance).toBe(before + GOLD_TOTAL);

    await page.goto('/transactions');
    const history = page.getByRole('main');
    await expect(history.getByText('920').first()).toBeVisible();
    await expect(history.getByText(/succeeded|completed/i).first()).toBeVisible();

    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: /export csv/i }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await file.path(), 'utf8');
    const [header, row] = text.trim().split(/\r?\n/);
    expect(header).toBe(CSV_HEADER);
    expect(row).toContain('29.99');
    expect(row).toContain('920');
  });

  test('cancelling at checkout charges nothing and credits nothing', async ({ page }) => {
    const buyer = await account(await adminToken());
    await signIn(page, buyer.user, '/my-teas');
    const before = coinsIn(await headerBalance(page).getAttribute('title'));

    await page.goto('/buy-coins');
    await page.getByRole('article').filter({ hasText: 'Bronze' }).getByRole('button').click();
    await expect(page).toHaveURL(/\/checkout\/dev\//);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/cancelled\?plan=bronze$/);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText('No charges have been made')).toBeVisible();
    expect((await apiMe(buyer.token)).coin_balance).toBe(before);

    await page.goto('/buy-coins');
    await page.getByRole('article').filter({ hasText: 'Silver' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/failed\?/);
    await expect(page.getByRole('heading', { name: 'Payment Declined' })).toBeVisible();
    expect((await apiMe(buyer.token)).coin_balance).toBe(before);
  });
});

test('a monthly plan credits its coins once per paid month', async ({ page }) => {
  const subscriber = await account(await adminToken());
  await signIn(page, subscriber.user, '/my-teas');
  const before = (await apiMe(subscriber.token)).coin_balance;

  await page.goto('/account');
  await page.getByRole('button', { name: 'Subscribe to Daily Sip' }).click();
  await expect(page).toHaveURL(/\/subscription\/dev\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(async () => (await apiMe(subscriber.token)).coin_balance).toBe(before + SIP_MONTHLY);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Subscription' });
  await expect(section.getByText(/Renews on/)).toBeVisible();
  await section.getByRole('button', { name: 'Renew now (test)' }).click();
  await expect.poll(async () => (await apiMe(subscriber.token)).coin_balance).toBe(before + 2 * SIP_MONTHLY);
  // Reloading changes nothing: each paid month is credited once.
  await page.reload();
  await expect(section.getByText(/Renews on/)).toBeVisible();
  expect((await apiMe(subscriber.token)).coin_balance).toBe(before + 2 * SIP_MONTHLY);
});

test.describe('admin users', () => {
  test('adds coins with a reason, deactivates a member, then lets them back in', async ({ adminPage, browser }) => {
    const member = await account(await adminToken());
    const before = (await apiMe(member.token)).coin_balance;

    await adminPage.goto(`/admin/users?search=${encodeURIComponent(member.user.email)}`);
    await expect(adminPage.getByText(/Showing 1-1 of 1 users?/)).toBeVisible();
    const card = adminPage.getByRole('article').filter({ hasText: member.user.username });
    await card.getByRole('button', { name: 'Manage Coins' }).click();
    const coins = adminPage.getByRole('dialog');
    await coins.getByLabel(/amount/i).fill('25');
    await coins.getByLabel(/reason/i).fill('Goodwill for a broken upload');
    await coins
      .getByRole('button', { name: /add|save|update/i })
      .last()
      .click();
    await expect(adminPage.getByText('User coin balance added successfully!').first()).toBeVisible();
    expect((await apiMe(member.token)).coin_balance).toBe(before + 25);

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(adminPage.getByText('User deactivated successfully!').first()).toBeVisible();
    await expect(card.getByText('Status: Deactivated')).toBeVisible();

    // Their token is refused at once, and the sign-in form turns them away.
    const refused = await fetch(`${baseURL()}/api/v1/user/profile`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(refused.status).toBe(403);
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    try {
      await submitSignIn(page, member.user.email, member.user.password);
      await expect(page.getByText(/deactivated/i).first()).toBeVisible();

      await card.getByRole('button', { name: 'Activate' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
      await expect(adminPage.getByText('User activated successfully!').first()).toBeVisible();
      expect(await apiLogin(member.user)).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});

test.describe('money pages: axe and screenshots', () => {
  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px`, async ({ browser, admin }) => {
      // Six pages, each scanned by axe and photographed: ~30 s on this machine, the default limit.
      test.setTimeout(90_000);
      const buyer = await account(await adminToken());
      const context = await browser.newContext({ baseURL: baseURL(), viewport });
      const page = await context.newPage();
      try {
        await signIn(page, buyer.user, '/my-teas');
        for (const [path, name, heading] of [
          ['/buy-coins', 'buy-coins', /coins/i],
          ['/account', 'account', 'My Account'],
          ['/transactions', 'transactions', 'Transactions'],
          ['/payment/cancelled', 'payment-cancelled', 'Payment Cancelled'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await fontsReady(page);
          await expectNoSeriousA11yViolations(page, `${name}-${viewport.width}`);
          await saveScreenshot(page, name);
        }
        await page.goto('/buy-coins');
        await page.getByRole('article').filter({ hasText: 'Whale' }).getByRole('button').click();
        await expect(page).toHaveURL(/\/checkout\/dev\//);
        await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `dev-checkout-${viewport.width}`);
        await saveScreenshot(page, 'dev-checkout');

        const desk = await browser.newContext({ baseURL: baseURL(), viewport });
        const adminPage = await desk.newPage();
        await signIn(adminPage, admin, '/admin/');
        await adminPage.goto('/admin/users');
        await expect(adminPage.getByText(/Showing \d+-\d+ of \d+ users/)).toBeVisible();
        await fontsReady(adminPage);
        await expectNoSeriousA11yViolations(adminPage, `admin-users-${viewport.width}`);
        await saveScreenshot(adminPage, 'admin-users');
        await desk.close();
      } finally {
        await context.close();
      }
    });
  }
});
