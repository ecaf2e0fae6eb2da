import { apiAdminPost, apiUnlock, makeTea } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { baseURL } from '../support/env';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { bell, fillTeaForm, openMyTeasCard } from '../support/teas';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

const EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';
const PRIVATE = /867-2291|jess\.m@gmail\.com|1420 Maple|Lincoln Middle/;

/** The conversation of a tea as a reader's API client reads it. */
async function commentsAs(token: string, postId: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/posts/${postId}/comments`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(15_000),
  });
  expect(response.status).toBe(200);
  return response.text();
}

test('the issue’s example: marked as typed, held with privacy and minor flags, redacted and approved in one action; the same words as a comment reach no other reader', async ({
  page,
  adminPage: moderator,
}) => {
  const admin = await adminToken();
  const author = await account(admin, 100);
  const reader = await account(admin, 100);
  const tea = { ...makeTea('Guarded tea'), content: EXAMPLE };
  let postId = '';

  await test.step('the composer marks the private details as the author types, with a fix for each', async () => {
    await signIn(page, author.user, '/my-teas');
    await page.goto('/submit');
    await fillTeaForm(page, tea, { category: 'Family Feud', state: 'California (CA)' });
    const form = page.getByRole('main').locator('form');
    await expect(form.getByRole('button', { name: 'Remove phone number “(512) 867-2291”' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove email address “jess.m@gmail.com”' })).toBeVisible();
    await expect(
      form.getByText('A moderator will read this before anyone else sees it', { exact: false }),
    ).toBeVisible();
    await expect(form.locator('mark', { hasText: '(512) 867-2291' })).toBeVisible();
    await saveScreenshot(page, 'guard-composer');
    await expectNoSeriousA11yViolations(page, 'guard-composer');
  });

  await test.step('submitted as it is, the tea is held and My Teas says why', async () => {
    await page.getByRole('button', { name: 'Submit Tea' }).click();
    await expectToast(page, 'Tea Submitted Successfully!');
    const card = await openMyTeasCard(page, tea.title);
    await expect(card.getByText(/^Held for a moderator: the privacy guard found/)).toBeVisible();
  });

  await test.step('the moderator finds it under Minor, its spans marked, and redacts and approves it', async () => {
    await moderator.goto('/admin/moderation?flag=minor');
    const card = moderator.getByRole('article', { name: tea.title, exact: true });
    await expect(card.getByRole('list', { name: 'Privacy flags' })).toContainText('Private data');
    await expect(card.locator('mark', { hasText: '(512) 867-2291' })).toBeVisible();
    await saveScreenshot(moderator, 'guard-queue');
    postId = (await card.getByRole('link', { name: 'Edit / View' }).getAttribute('href'))?.split('/').at(-1) ?? '';
    await card.getByRole('button', { name: 'Redact and approve' }).click();
    await expectToast(moderator, 'Private details removed');
    await expect(card).toHaveCount(0);
  });

  await test.step('the published text has none of the private details, and the author has a notice', async () => {
    const published = await apiAdminPost(admin, postId);
    expect(published.status).toBe('approved');
    expect(published.content).not.toMatch(PRIVATE);
    expect(published.content).toContain('[phone removed]');
    await page.reload();
    await bell(page).click();
    await expect(
      page.getByRole('menuitem').filter({ hasText: 'Your tea is published, with private details removed' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the same words as a comment wait for review, seen by their writer only', async () => {
    await page.goto(`/posts/${postId}`);
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill(EXAMPLE);
    await expect(page.getByRole('button', { name: 'Remove phone number “(512) 867-2291”' })).toBeVisible();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const waiting = page.getByRole('region', { name: 'Your comments waiting for review' });
    await expect(waiting).toContainText('(512) 867-2291');
    await saveScreenshot(page, 'guard-held-comment');
    await apiUnlock(reader.token, postId);
    expect(await commentsAs(reader.token, postId)).not.toMatch(PRIVATE);
  });
});
