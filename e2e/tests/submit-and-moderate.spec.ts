import { randomBytes } from 'node:crypto';
import { apiCreateTea, apiLogin, apiMe, makeTea } from '../support/api';
import { baseURL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { pngFile } from '../support/images';
import { mailboxIds, waitForMail } from '../support/mailbox';
import { findInModerationQueue } from '../support/moderation';
import { bell, fillTeaForm, headerBalance, openMyTeasCard, statusBadge } from '../support/teas';
import { expectToast } from '../support/ui';
import { signIn, signUpAndVerify } from '../support/users';

const TEA_COST = 25;

test('a member submits a tea with two images; the admin approves it; the author is notified and has paid 25 coins', async ({
  page,
  adminPage: moderator,
}) => {
  // A fresh author: new accounts start with the 50-coin sign-up bonus, and a tea costs 25.
  const author = await signUpAndVerify();
  const token = await apiLogin(author);
  const before = (await apiMe(token)).coin_balance;
  expect(before, 'the sign-up bonus covers a tea').toBeGreaterThanOrEqual(TEA_COST);
  const tea = makeTea('Approved tea');
  const images = [pngFile('kettle-front.png', [190, 90, 30]), pngFile('kettle-back.png', [40, 110, 170])];

  await test.step('the author fills the form, with two images, and submits', async () => {
    await signIn(page, author, '/my-teas');
    await page.goto('/submit');
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Tea' })).toBeVisible();
    await expect(page.locator('dt:text-is("Your balance") + dd')).toHaveText(`${before} Tea Coins`);
    await fillTeaForm(page, tea, { category: 'Family Feud', state: 'California (CA)', images });
    const picked = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
    await expect(picked).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Image 1: kettle-front.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Image 2: kettle-back.png' })).toBeVisible();
    await expect(page.getByText('2/5', { exact: true })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Tea' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectToast(page, 'Tea Submitted Successfully!');
    await expect(page).toHaveURL(/\/my-teas$/);
  });

  await test.step('the 25 coins are spent at once', async () => {
    await expect.poll(async () => (await apiMe(token)).coin_balance).toBe(before - TEA_COST);
    await expect(headerBalance(page)).toHaveAttribute('title', `${before - TEA_COST} Tea Coins`);
  });

  await test.step('My Teas shows the tea as pending', async () => {
    const card = await openMyTeasCard(page, tea.title);
    await expect(statusBadge(card, 'Pending')).toBeVisible();
    await expect(card.getByText(tea.tagged_handle)).toBeVisible();
    await expect(card.getByText('Category: Family Feud')).toBeVisible();
    await expect(card.getByText('State: California')).toBeVisible();
  });

  await test.step('the admin finds the tea, with its two images, in the queue and approves it', async () => {
    const card = await findInModerationQueue(moderator, tea.title);
    await expect(card.getByText(tea.tagged_handle)).toBeVisible();
    await expect(card.getByText(`By ${author.username}`)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(2);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectToast(moderator, 'Post approved successfully!');
    await expect(card).toHaveCount(0);
  });

  await test.step("the author's bell shows the published notice", async () => {
    await page.reload();
    const button = bell(page);
    await expect(button).toHaveAccessibleName('Notifications (1 unread)');
    await button.click();
    const notice = page.getByRole('menuitem').filter({ hasText: 'Your tea is published' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Your tea "${tea.title}" is now live`);
    await expect(notice).toContainText('Unread:');
    // Marking read keeps the menu open; the dot's text goes, and the count once it closes.
    await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await expect(notice).not.toContainText('Unread:');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAccessibleName('Notifications');
    const mail = await waitForMail({ to: author.email, subject: 'Your tea is published', contains: tea.title });
    expect(mail.text).toContain(`Your tea "${tea.title}" is now live`);
  });

  await test.step('My Teas shows the tea as approved, and the balance stays 25 coins lower', async () => {
    const card = await openMyTeasCard(page, tea.title);
    await expect(statusBadge(card, 'Approved')).toBeVisible();
    expect((await apiMe(token)).coin_balance).toBe(before - TEA_COST);
    await expect(headerBalance(page)).toHaveAttribute('title', `${before - TEA_COST} Tea Coins`);
  });
});

test('the admin rejects a tea with a reason; the author sees the reason in the bell, on My Teas and in the mail', async ({
  page,
  adminPage: moderator,
}) => {
  const author = await signUpAndVerify();
  const token = await apiLogin(author);
  const tea = makeTea('Rejected tea');
  const reason = `No receipts for this one (${randomBytes(3).toString('hex')}).`;
  const post = await apiCreateTea(token, tea);
  expect(post.status).toBe('pending');
  const before = await mailboxIds();

  await test.step('the admin rejects it, giving a reason in the dialog', async () => {
    const card = await findInModerationQueue(moderator, tea.title);
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = moderator.getByRole('dialog', { name: 'Reject this tea?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`“${tea.title}” will not be published.`);
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await expect(dialog.getByText(`${reason.length}/500`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(moderator, 'Post rejected successfully!');
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
  });

  await test.step("the author's bell tells the reason", async () => {
    await signIn(page, author, '/my-teas');
    const button = bell(page);
    await expect(button).toHaveAccessibleName('Notifications (1 unread)');
    await button.click();
    const notice = page.getByRole('menuitem').filter({ hasText: 'Your tea was not published' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Your tea "${tea.title}" was not published. Reason: ${reason}`);
    await page.keyboard.press('Escape');
  });

  await test.step('My Teas shows the tea as rejected, with the reason', async () => {
    const card = await openMyTeasCard(page, tea.title);
    await expect(statusBadge(card, 'Rejected')).toBeVisible();
    await expect(card).toContainText(`Reason: ${reason}`);
  });

  await test.step('the rejection mail carries the reason', async () => {
    const mail = await waitForMail({
      to: author.email,
      subject: 'Your tea was not published',
      contains: reason,
      exclude: before,
    });
    expect(mail.text).toContain(`Your tea "${tea.title}" was not published. Reason: ${reason}`);
    expect(mail.text).toContain(`${baseURL()}/my-teas`);
  });
});
