import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/ui';
import { signIn, signUpAndVerify, submitSignIn } from '../support/users';

/**
 * Issue 14, a person's data in their own hands: a member takes a copy of their data, then deletes
 * the account with their password; they land signed out on '/', and the old sign-in is refused.
 * A fresh member of its own: the worker's shared one must outlive this test.
 */
test('a member downloads their data, then deletes the account and cannot sign in again', async ({ page }) => {
  const member = await signUpAndVerify();
  await signIn(page, member, '/my-teas');
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Your data' });

  await test.step('the download is their own data as JSON', async () => {
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^kettle-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      profile: { username: string; email: string };
      teas: unknown;
    };
    expect(data.profile).toMatchObject({ username: member.username, email: member.email });
    expect(Array.isArray(data.teas)).toBe(true);
    await expectToast(page, 'Your data is downloading.');
  });

  await test.step('the account is deleted with the password', async () => {
    await panel.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(
      dialog.getByRole('list', { name: 'What deleting your account does' }).getByRole('listitem'),
    ).toHaveCount(6);
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Your account has been deleted.');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    const tokens = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(tokens).toEqual([null, null]);
  });

  await test.step('the old email and password no longer sign in', async () => {
    await submitSignIn(page, member.email, member.password);
    await expect(page.getByText('Incorrect email or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });
});
