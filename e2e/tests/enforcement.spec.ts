import { apiSetAdmin, apiUnlock, makeTea } from '../support/api';
import { baseURL } from '../support/env';
import { account, adminToken, publishTea } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/ui';
import { signIn, submitSignIn } from '../support/users';

/**
 * Issue 14 in the browser: an admin suspends a member for 3 days citing a rule; the member sees
 * the banner on every page and the reason on My Account, and a paid action is refused; the member
 * appeals from My Account, and a second admin (the one who decided may not review it) upholds the
 * appeal, which lifts the suspension.
 */

const SUSPENDED =
  /Your account is suspended until \w+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC\. You can still read and buy coins\./;
const UNTIL = /^Suspended until \w+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/;
const RULE = 'Keep private lives private';
const STATEMENT = 'That address is the shop’s public storefront, listed on its own page.';
const OUTCOME = 'Checked: it is a business address, published by the business.';

test('an admin suspends a member for 3 days; the member sees why, appeals, and a second admin lifts it', async ({
  adminPage,
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken();
  const tea = await publishTea(await account(admin), admin, makeTea('Suspension tea'));
  const member = await account(admin, 100);
  // Opened before the suspension: its upvote is stopped by the suspension alone.
  const opened = await publishTea(await account(admin), admin, makeTea('Opened tea'));
  await apiUnlock(member.token, opened.id);
  const message = `You posted a neighbour's home address (${member.user.username}).`;

  await test.step('the admin suspends the member from their card', async () => {
    await adminPage.goto(`/admin/users?search=${encodeURIComponent(member.user.email)}`);
    const card = adminPage.getByRole('article', { name: member.user.username });
    await card.getByRole('button', { name: `Take action on ${member.user.username}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Take Action' });
    await expect(dialog.getByText('No actions yet')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Suspension' }).check();
    await dialog.getByLabel('Days').fill('3');
    await dialog.getByLabel('Rule broken').selectOption({ label: RULE });
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'Suspend User' }).click();
    await expectToast(adminPage, 'User suspended.');
    await expect(dialog).toBeHidden();

    // The history now holds it, with who decided.
    await card.getByRole('button', { name: `Take action on ${member.user.username}` }).click();
    const history = adminPage.getByRole('dialog').getByRole('list', { name: 'Past actions' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText(RULE);
    await expect(history).toContainText('3 days, until');
    await adminPage.keyboard.press('Escape');
  });

  await test.step('the member sees the banner and their standing', async () => {
    await signIn(page, member.user, '/my-teas');
    const banner = page.getByRole('status').filter({ hasText: 'Your account is suspended until' });
    await expect(banner).toHaveText(new RegExp(SUSPENDED.source));
    await banner.getByRole('link', { name: 'See your account standing' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const standing = page.getByRole('region', { name: 'Account standing' });
    await expect(standing.getByText(SUSPENDED)).toBeVisible();
    await expect(standing.getByText(message).first()).toBeVisible();
    await expect(standing.getByRole('list', { name: 'Actions on your account' }).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('Unlock and Submit are disabled with the suspension’s end, before any click', async () => {
    await page.goto(`/posts/${tea.id}`);
    const unlock = page.getByRole('button', { name: /^Unlock for \d+ coins$/ });
    await expect(unlock).toBeDisabled();
    await expect(unlock).toHaveAccessibleDescription(UNTIL);
    await expect(page.getByRole('main').getByText(UNTIL).first()).toBeVisible();
    const reversal = page.getByRole('button', { name: 'Create Reversal' });
    await expect(reversal).toBeDisabled();
    await expect(reversal).toHaveAccessibleDescription(UNTIL);
    await page.goto('/submit');
    await expect(page.getByRole('button', { name: 'Submit Tea' })).toBeDisabled();
    await expect(page.getByRole('main').getByText(UNTIL)).toBeVisible();
  });

  await test.step('the upvote names the end beside it, but not on a phone, where the title needs the room', async () => {
    await page.goto(`/posts/${opened.id}`);
    const upvote = page.getByRole('button', { name: /^Upvote, \d+ votes?$/ });
    await expect(upvote).toBeDisabled();
    await expect(upvote).toHaveAccessibleDescription(UNTIL);
    const hint = page.locator(`[id="${await upvote.getAttribute('aria-describedby')}"]`);
    expect((await hint.boundingBox())?.width).toBeGreaterThan(50);
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect(upvote).toHaveAccessibleDescription(UNTIL);
      // Screen-reader-only: a one-pixel box, so the title keeps most of the row.
      await expect.poll(async () => (await hint.boundingBox())?.width).toBeLessThanOrEqual(1);
      const title = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(title?.width).toBeGreaterThan(200);
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  await test.step('the member appeals the suspension from My Account', async () => {
    await page.goto('/account');
    const open = page.getByRole('list', { name: 'Decisions you can appeal' }).getByRole('listitem');
    await expect(open).toHaveCount(1);
    await expect(open).toContainText('Suspension');
    await open.getByRole('button', { name: 'Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
    await expect(dialog.getByText(message)).toBeVisible();
    await dialog.getByLabel('Why was the decision wrong?').fill(STATEMENT);
    await dialog.getByRole('button', { name: 'Send Appeal' }).click();
    // The suite has one admin, who took the decision: the confirmation says they review it.
    await expectToast(page, /^Appeal sent\. Kettle has one admin, so the admin who made this decision will review it/);
    await expect(page.getByText('Appeal status: Under review', { exact: true })).toBeVisible();
  });

  const reviewer = await account(admin);
  await apiSetAdmin(admin, reviewer.id, true);
  const context = await browser.newContext({ baseURL: baseURL(), viewport: page.viewportSize() });
  try {
    await test.step('the admin who decided may not review it; a second admin upholds it', async () => {
      await adminPage.goto('/admin/appeals');
      const ownCard = adminPage.getByRole('article', { name: `Appeal from ${member.user.username}` });
      await expect(ownCard.getByText(STATEMENT)).toBeVisible();
      await expect(ownCard.getByText('Awaiting another admin: you took this decision.')).toBeVisible();
      await expect(ownCard.getByRole('button', { name: 'Uphold' })).toHaveCount(0);

      const second = await context.newPage();
      await signIn(second, reviewer.user, '/admin/');
      await second.goto('/admin/appeals');
      const card = second.getByRole('article', { name: `Appeal from ${member.user.username}` });
      await expect(card.getByRole('region', { name: 'Decision' }).getByText(message)).toBeVisible();
      await card.getByRole('button', { name: 'Uphold' }).click();
      const dialog = second.getByRole('dialog', { name: 'Uphold appeal' });
      await dialog.getByLabel('Reason').fill(OUTCOME);
      await dialog.getByRole('button', { name: 'Uphold Appeal' }).click();
      await expectToast(second, 'Appeal upheld; the decision is reversed.');
      await expect(card).toHaveCount(0);
    });
  } finally {
    await context.close();
    // The suite's other specs count on a single admin.
    await apiSetAdmin(admin, reviewer.id, false);
  }

  await test.step('the suspension is lifted: no banner, and the unlock goes through', async () => {
    await page.goto(`/posts/${tea.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Your account is suspended until' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Unlock for \d+ coins$/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Unlock this tea?' })
      .getByRole('button', { name: 'Unlock', exact: true })
      .click();
    await expectToast(page, 'Post unlocked successfully!');
  });
});

/**
 * Issue 70: a ban is its own standing. The users page names it with its rule, offers Lift ban and
 * no Activate; the member is told at sign-in, with the appeal link; lifting it takes a reason and
 * lets them in again.
 */
test('a banned member is told so at sign-in; only Lift ban, with a reason, lets them back in', async ({
  adminPage,
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken();
  const member = await account(admin);
  const name = member.user.username;
  const card = adminPage.getByRole('article', { name });

  await test.step('the admin bans the member; the card says Banned with the rule, and offers no Activate', async () => {
    await adminPage.goto(`/admin/users?search=${encodeURIComponent(member.user.email)}`);
    await card.getByRole('button', { name: `Take action on ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Take Action' });
    await dialog.getByRole('radio', { name: 'Permanent ban' }).check();
    await dialog.getByLabel('Rule broken').selectOption({ label: RULE });
    await dialog.getByLabel('Message').fill('Posted a home address again.');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Ban User' }).click();
    await expectToast(adminPage, 'User banned.');
    await expect(card.getByText('Status: Banned', { exact: true })).toBeVisible();
    await expect(card.getByText(new RegExp(`^Banned on .+ · Rule: ${RULE}$`))).toBeVisible();
    await expect(card.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Lift ban of ${name}` })).toBeVisible();
  });

  await test.step('the member signs in and is told: the rule, the date, and the appeal link', async () => {
    await submitSignIn(page, member.user.email, member.user.password);
    await expect(page.getByRole('heading', { name: 'Your account is banned', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(`for breaking the rule "${RULE}" since`);
    await expect(page.getByText(/^You can appeal until .+ \(30 days from the ban\)\.$/)).toBeVisible();
    const appeal = page.getByRole('link', { name: 'Appeal this ban' });
    await expect(appeal).toHaveAttribute('href', /^\/moderation\?tab=status&reference=[0-9a-f-]{36}$/);
  });

  await test.step('the admin lifts the ban with a reason; the member signs in again', async () => {
    await card.getByRole('button', { name: `Lift ban of ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Lift ban' });
    await dialog.getByRole('button', { name: 'Lift ban' }).click();
    await expect(dialog.getByText('Say why the action is lifted')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The address was the shop’s public storefront.');
    await dialog.getByRole('button', { name: 'Lift ban' }).click();
    await expectToast(adminPage, 'Ban lifted.');
    await expect(card.getByText('Status: Active', { exact: true })).toBeVisible();
    await signIn(page, member.user, '/my-teas');
  });
});
