import { apiCreateTea, apiSetPostStatus, makeTea } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { bell, openMyTeasCard, statusBadge } from '../support/teas';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

/**
 * Issue 14 in the browser: a member appeals the rejection of their tea from My Teas; the admin
 * upholds it in /admin/appeals (the suite's one admin took the decision, and with no other admin
 * the rule lets them review it, which the form and its confirmation say); the member is told,
 * sees 'Upheld' on Report Status, and the tea is published.
 */

const REJECTION = 'It names a private person.';
const STATEMENT = 'The handle belongs to a shop that advertises under it; it names nobody.';
const OUTCOME = 'Checked: the handle is a public shop account.';

test('a member appeals a rejected tea from My Teas; the admin upholds it and the tea is published', async ({
  page,
  adminPage,
}) => {
  test.setTimeout(90_000);
  const admin = await adminToken();
  const member = await account(admin);
  const tea = makeTea('Appealed tea');
  const post = await apiCreateTea(member.token, tea);
  await apiSetPostStatus(admin, post.id, 'rejected', REJECTION);

  await test.step('the member appeals from the rejected tea’s card', async () => {
    await signIn(page, member.user, '/my-teas');
    const card = await openMyTeasCard(page, tea.title);
    await expect(statusBadge(card, 'Rejected')).toBeVisible();
    await card.getByRole('button', { name: 'Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
    await expect(dialog.getByText('Tea not published')).toBeVisible();
    await expect(dialog.getByText(REJECTION)).toBeVisible();
    await expect(dialog.getByText(tea.title)).toBeVisible();
    await expect(dialog).toContainText(
      'Kettle has one admin, so the admin who made this decision reviews your appeal and tells you the outcome.',
    );
    await expect(dialog.getByText(/did not take the decision/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'appeal-dialog');
    await dialog.getByLabel('Why was the decision wrong?').fill(STATEMENT);
    await dialog.getByRole('button', { name: 'Send Appeal' }).click();
    await expectToast(
      page,
      'Appeal sent. Kettle has one admin, so the admin who made this decision will review it within 5-7 days.',
    );
    await expect(dialog).toBeHidden();
    // Appealed once: the card no longer offers it.
    await expect(card.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
  });

  await test.step('My Account lists the appeal as under review', async () => {
    await page.goto('/account');
    const standing = page.getByRole('region', { name: 'Account standing' });
    const appeals = standing.getByRole('list', { name: 'Your appeals' });
    await expect(appeals.getByRole('listitem')).toHaveCount(1);
    await expect(appeals.getByText('Appeal status: Under review', { exact: true })).toBeVisible();
    await expect(standing.getByText('No decisions to appeal.')).toBeVisible();
  });

  await test.step('the admin upholds it from the queue, with a reason', async () => {
    await adminPage.goto('/admin/appeals');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
    const card = adminPage.getByRole('article', { name: `Appeal from ${member.user.username}` });
    await expect(card.getByRole('region', { name: 'Content' }).getByText(tea.title)).toBeVisible();
    await expect(card.getByText(STATEMENT)).toBeVisible();
    await expect(card.getByRole('region', { name: 'Decision' }).getByText(REJECTION)).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage, 'admin-appeals');

    await card.getByRole('button', { name: 'Uphold' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Uphold appeal' });
    await dialog.getByLabel('Reason').fill(OUTCOME);
    await dialog.getByRole('button', { name: 'Uphold Appeal' }).click();
    await expectToast(adminPage, 'Appeal upheld; the decision is reversed.');
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    await adminPage.getByRole('tab', { name: 'Upheld' }).click();
    await expect(adminPage).toHaveURL(/\/admin\/appeals\?status=upheld$/);
    const decided = adminPage.getByRole('article', { name: `Appeal from ${member.user.username}` });
    await expect(decided.getByText(OUTCOME)).toBeVisible();
  });

  await test.step('the member is told, sees Upheld on Report Status, and the tea is published', async () => {
    await page.goto('/my-teas');
    await bell(page).click();
    await page.getByRole('menuitem', { name: /Your appeal was upheld/ }).click();
    await expect(page).toHaveURL(/\/moderation\?tab=status$/);
    const appeals = page.getByRole('list', { name: 'Your appeals' });
    await expect(appeals.getByText('Appeal status: Upheld', { exact: true })).toBeVisible();
    await expect(appeals.getByText(OUTCOME)).toBeVisible();

    const card = await openMyTeasCard(page, tea.title);
    await expect(statusBadge(card, 'Approved')).toBeVisible();
    await page.goto(`/posts/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tea.title })).toBeVisible();
  });
});

test('a visitor from the ban email finds the appeal form ready, with its reference', async ({ page }) => {
  const reference = '0b0b0b0b-0000-4000-8000-000000000001';
  await page.goto(`/moderation?tab=status&reference=${reference}`);
  const form = page.getByRole('region', { name: 'Appeal a ban' });
  await expect(form.getByLabel('Reference from the ban email')).toHaveValue(reference);
  await expectNoSeriousA11yViolations(page, 'ban-appeal');
  await form.getByLabel('Email of the banned account').fill('nobody@example.test');
  await form.getByLabel('Why should the ban be lifted?').fill('I was not the one posting.');
  await form.getByRole('button', { name: 'Send Appeal' }).click();
  await expect(form.getByRole('alert')).toHaveText('No ban matches that email address and reference.');
});
