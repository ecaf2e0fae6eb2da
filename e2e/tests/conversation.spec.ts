import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUnlock, makeTea, type ApiPost } from '../support/api';
import { baseURL, VIEWPORTS } from '../support/env';
import { account, adminToken, marker, publishTea, type Account } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { headerBalance } from '../support/teas';
import { expectToast, fontsReady } from '../support/ui';
import { signIn } from '../support/users';

/**
 * The 'Conversation' issue in the browser: comments and votes travelling live between two
 * readers of one tea, the report flow through the admin desk back to the reporter, a takedown
 * request from a visitor, blocking and unblocking, then axe and the camera on every page.
 */

const COMMENT_COST = 10;
const UPVOTE_COST = 5;

type Scene = { author: Account; first: Account; second: Account; post: ApiPost };

/** A published tea unlocked by two readers, each with coins to spare. */
async function scene(label: string): Promise<Scene> {
  const admin = await adminToken();
  const author = await account(admin);
  const first = await account(admin, 200);
  const second = await account(admin, 200);
  const post = await publishTea(author, admin, makeTea(label));
  await apiUnlock(first.token, post.id);
  await apiUnlock(second.token, post.id);
  return { author, first, second, post };
}

/** A page of its own (own storage, own session) signed in as `who`. */
async function readerPage(browser: Browser, who: Account, viewport?: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: viewport ?? undefined });
  const page = await context.newPage();
  await signIn(page, who.user, '/my-teas');
  return page;
}

const coins = (title: string | null): number => Number(title?.replace(/\D/g, ''));
const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Live/ });

test.describe('conversation on a tea', () => {
  test('a comment and a vote made by one reader appear for another without a reload', async ({ browser }) => {
    const { first, second, post } = await scene('Live tea');
    const one = await readerPage(browser, first);
    const two = await readerPage(browser, second);
    try {
      await one.goto(`/posts/${post.id}`);
      await two.goto(`/posts/${post.id}`);
      await expect(comments(one).getByText('No comments yet. Be the first to comment!')).toBeVisible();
      await expect(liveStatus(two)).toBeVisible();
      await expect(liveStatus(one)).toBeVisible();

      const words = `Fresh steam ${marker()}`;
      const before = coins(await headerBalance(one).getAttribute('title'));
      await comments(one).getByPlaceholder('Add a comment...').fill(words);
      await comments(one).getByRole('button', { name: 'Comment', exact: true }).click();
      await expectToast(one, 'Your comment was posted successfully.');
      await expect(comments(two).getByText(words)).toBeVisible();
      await expect(comments(two).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
      await expect(headerBalance(one)).toHaveAttribute(
        'title',
        `${(before - COMMENT_COST).toLocaleString('en-US')} Tea Coins`,
      );

      // The second reader answers in the thread; the first sees the reply nested under it.
      const reply = `Steeped reply ${marker()}`;
      await comments(two)
        .getByRole('button', { name: /^Reply/ })
        .first()
        .click();
      await expect(comments(two).getByText(`Replying to @${first.user.username}`)).toBeVisible();
      await comments(two).getByRole('textbox', { name: /reply/i }).fill(reply);
      await comments(two)
        .getByRole('button', { name: /^(Reply|Send reply|Post reply)$/ })
        .last()
        .click();
      await expect(comments(one).getByText(reply)).toBeVisible();
      await expect(comments(one).getByRole('heading', { name: 'Comments (2)' })).toBeVisible();

      const upvoteOne = one.getByRole('button', { name: /upvote/i });
      const upvoteTwo = two.getByRole('button', { name: /upvote/i });
      await expect(upvoteTwo).toContainText('0');
      const beforeVote = coins(await headerBalance(two).getAttribute('title'));
      await upvoteTwo.click();
      await expectToast(two, 'Your upvote has been recorded successfully.');
      await expect(upvoteTwo).toBeDisabled();
      await expect(headerBalance(two)).toHaveAttribute(
        'title',
        `${(beforeVote - UPVOTE_COST).toLocaleString('en-US')} Tea Coins`,
      );
      await expect(upvoteOne).toContainText('1');
      await expect(upvoteOne).toBeEnabled();
      await upvoteOne.click();
      await expect(upvoteTwo).toContainText('2');
      await expect(upvoteOne).toBeDisabled();
    } finally {
      await one.context().close();
      await two.context().close();
    }
  });

  test('a report goes through the admin desk and back to the reporter', async ({ browser, adminPage }) => {
    const { first, post } = await scene('Reported tea');
    const page = await readerPage(browser, first);
    try {
      await page.goto(`/posts/${post.id}`);
      await page.getByRole('button', { name: 'Report post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report Post' });
      await expect(dialog.getByLabel('Reason')).toHaveValue('inappropriate_content');
      await dialog.getByLabel('Reason').selectOption('harassment');
      await dialog.getByLabel('Additional Details').fill('Names a private person.');
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await expectToast(page, 'Your report has been submitted and is pending review.');
      await expect(page.getByText('Report: pending')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Report post' })).toHaveCount(0);

      await adminPage.goto('/admin/reports?status=pending');
      await expect(adminPage.getByRole('heading', { name: 'Admin Reports Management' })).toBeVisible();
      const card = adminPage.getByRole('article').filter({ hasText: post.id }).first();
      await expect(card).toContainText('Names a private person.');
      await card.getByRole('button', { name: 'Update Report' }).click();
      const update = adminPage.getByRole('dialog');
      await update.getByLabel('Status').selectOption('approved');
      await update.getByLabel(/admin notes/i).fill('Upheld: private person named.');
      await update.getByRole('button', { name: 'Update', exact: true }).click();
      await expectToast(adminPage, 'Report status updated to approved.');

      await page.reload();
      await expect(page.getByText('Report: approved')).toBeVisible();
      await page.getByRole('button', { name: /notifications/i }).click();
      await expect(page.getByText(/upheld your report/i).first()).toBeVisible();
    } finally {
      await page.context().close();
    }
  });

  test('a visitor sends a takedown request that reaches the admin desk', async ({ page, adminPage }) => {
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { level: 1, name: /Moderation/ })).toBeVisible();
    const email = `visitor-${marker()}@example.test`;
    const words = `My address is in a post ${marker()}`;
    await page.getByLabel(/type/i).first().selectOption('privacy_violation');
    await page.getByLabel(/description/i).fill(words);
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/content url/i).fill(`${baseURL()}/posts/abc`);
    await page.getByRole('button', { name: /submit/i }).click();
    await expect(page.getByText(/KT-[A-Z0-9]+/).first()).toBeVisible();
    const reference = (
      await page
        .getByText(/KT-[A-Z0-9]+/)
        .first()
        .textContent()
    )?.match(/KT-[A-Z0-9]+/)?.[0];
    expect(reference).toBeTruthy();

    await adminPage.goto('/admin/reports');
    await expect(adminPage.getByRole('article').filter({ hasText: words })).toBeVisible();
  });

  test('a reader blocks a commenter and unblocks them from My Account', async ({ browser }) => {
    const { first, second, post } = await scene('Blocking tea');
    const two = await readerPage(browser, second);
    const one = await readerPage(browser, first);
    try {
      const words = `Noisy take ${marker()}`;
      await two.goto(`/posts/${post.id}`);
      await comments(two).getByPlaceholder('Add a comment...').fill(words);
      await comments(two).getByRole('button', { name: 'Comment', exact: true }).click();
      await expectToast(two, 'Your comment was posted successfully.');

      await one.goto(`/posts/${post.id}`);
      await expect(comments(one).getByText(words)).toBeVisible();
      await comments(one)
        .getByRole('button', { name: `Actions for the comment by ${second.user.username}` })
        .first()
        .click();
      await one.getByRole('menuitem', { name: /block/i }).click();
      await one.getByRole('alertdialog').getByRole('button', { name: 'Block', exact: true }).click();
      await expect(comments(one).getByText(words)).toHaveCount(0);

      await one.goto('/account');
      const blocked = one.getByRole('region', { name: /blocked users/i });
      await expect(blocked.getByText(second.user.username)).toBeVisible();
      await blocked.getByRole('button', { name: /unblock/i }).click();
      await expect(blocked.getByText(second.user.username)).toHaveCount(0);
      await one.goto(`/posts/${post.id}`);
      await expect(comments(one).getByText(words)).toBeVisible();
    } finally {
      await one.context().close();
      await two.context().close();
    }
  });
});

test.describe('conversation pages: axe and screenshots', () => {
  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px`, async ({ browser, admin }) => {
      // Five pages and a dialog, each checked with axe and photographed: ~26 s on an idle machine.
      test.setTimeout(90_000);
      const { first, second, post } = await scene(`Pictured tea ${viewport.width}`);
      const page = await readerPage(browser, first, viewport);
      try {
        const two = await readerPage(browser, second, viewport);
        await two.goto(`/posts/${post.id}`);
        await comments(two).getByPlaceholder('Add a comment...').fill('Seen it with my own eyes.');
        await comments(two).getByRole('button', { name: 'Comment', exact: true }).click();
        await expectToast(two, 'Your comment was posted successfully.');
        await two.context().close();

        await page.goto(`/posts/${post.id}`);
        await expect(comments(page).getByText('Seen it with my own eyes.')).toBeVisible();
        await fontsReady(page);
        await expectNoSeriousA11yViolations(page, `post-conversation-${viewport.width}`);
        await saveScreenshot(page, 'post-conversation');

        await page.getByRole('button', { name: 'Report post' }).click();
        await expect(page.getByRole('dialog', { name: 'Report Post' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `report-dialog-${viewport.width}`);
        await saveScreenshot(page, 'report-dialog');
        await page.keyboard.press('Escape');

        await page.goto('/moderation');
        await expect(page.getByRole('heading', { level: 1, name: /Moderation/ })).toBeVisible();
        await fontsReady(page);
        await expectNoSeriousA11yViolations(page, `moderation-${viewport.width}`);
        await saveScreenshot(page, 'moderation');

        await page.goto('/account');
        await expect(page.getByRole('region', { name: /blocked users/i })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `account-${viewport.width}`);

        const desk = await browser.newContext({ baseURL: baseURL(), viewport });
        const adminPage = await desk.newPage();
        await signIn(adminPage, admin, '/admin/');
        await adminPage.goto('/admin/reports');
        await expect(adminPage.getByRole('heading', { name: 'Admin Reports Management' })).toBeVisible();
        await expect(adminPage.getByText(/Showing \d+-\d+ of \d+ reports|No reports found/)).toBeVisible();
        await fontsReady(adminPage);
        await expectNoSeriousA11yViolations(adminPage, `admin-reports-${viewport.width}`);
        await saveScreenshot(adminPage, 'admin-reports');
        await adminPage.goto(`/admin/posts/${post.id}`);
        await expect(adminPage.getByText('Seen it with my own eyes.')).toBeVisible();
        await expectNoSeriousA11yViolations(adminPage, `admin-post-comments-${viewport.width}`);
        await saveScreenshot(adminPage, 'admin-post-comments');
        await desk.close();
      } finally {
        await page.context().close();
      }
    });
  }
});
