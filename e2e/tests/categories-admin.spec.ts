import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { baseURL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

const categoryHref = (name: string): string => `/?category=${encodeURIComponent(name)}`;

/** The public /categories page, as a visitor sees it. */
async function publicCategoryLink(visitor: Page, name: string) {
  await visitor.goto('/categories');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  // The seeded categories are always there: once one shows, the list has loaded.
  await expect(visitor.getByRole('link', { name: 'Family Feud', exact: true })).toBeVisible();
  return visitor.getByRole('link', { name, exact: true });
}

test('the admin adds, renames and deletes a category; the public list follows', async ({ page, admin, browser }) => {
  const tag = randomBytes(3).toString('hex');
  const name = `E2E Brew ${tag}`;
  const renamed = `E2E Steeped ${tag}`;
  const visitorContext = await browser.newContext({ baseURL: baseURL() });
  const visitor = await visitorContext.newPage();

  try {
    await signIn(page, admin, '/admin/');
    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

    await test.step('add: a too-short name is refused first, then the category is created', async () => {
      await page.getByRole('button', { name: 'Add Category' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      await expect(dialog).toBeVisible();
      const nameField = dialog.getByLabel('Name', { exact: true });
      await nameField.fill('ab');
      await expect(dialog.getByText('Category name must be at least 3 characters')).toBeVisible();
      await expect(nameField).toHaveAttribute('aria-invalid', 'true');
      await nameField.fill(name);
      await expect(dialog.getByText('Category name must be at least 3 characters')).toBeHidden();
      await dialog.getByLabel('Description', { exact: true }).fill(`Teas brewed by the e2e suite, batch ${tag}.`);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Category created successfully!');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    });

    await test.step('the public list shows it, linking to its teas', async () => {
      const link = await publicCategoryLink(visitor, name);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', categoryHref(name));
      // Visitors get no admin buttons.
      await expect(visitor.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
    });

    await test.step('rename it through the edit dialog', async () => {
      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Category' });
      await expect(dialog).toBeVisible();
      const nameField = dialog.getByLabel('Name', { exact: true });
      await expect(nameField).toHaveValue(name);
      await nameField.fill(renamed);
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, 'Category updated successfully!');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    });

    await test.step('the public list shows the new name only', async () => {
      const link = await publicCategoryLink(visitor, renamed);
      await expect(link).toHaveAttribute('href', categoryHref(renamed));
      await expect(visitor.getByRole('link', { name, exact: true })).toHaveCount(0);
    });

    await test.step('delete it after confirming', async () => {
      await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete ${renamed}?` });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(`"${renamed}" will be removed for good.`);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Category deleted successfully!');
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    });

    await test.step('the public list no longer has it', async () => {
      const link = await publicCategoryLink(visitor, renamed);
      await expect(link).toHaveCount(0);
    });
  } finally {
    await visitorContext.close();
  }
});
