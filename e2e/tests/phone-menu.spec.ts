import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { signIn } from '../support/users';

/**
 * A visitor on a phone finds Sign up without hunting, and the menu offers a visitor only what a
 * visitor can open; a member's menu keeps the member pages.
 */
test.use({ viewport: { width: 390, height: 844 } });

const MEMBERS_ONLY = ['My Teas', 'Submit Tea', 'Buy Coins', 'My Account'];

test('at 390 px a signed-out visitor sees Sign up in the header and a menu of usable pages', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const signUp = header.getByRole('link', { name: 'Sign up' });
  await expect(signUp).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  // Inside the screen, and the header does not push the page sideways.
  const box = await signUp.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  const names = (await menu.getByRole('link').allInnerTexts()).map((name) => name.trim());
  expect(names).toEqual(expect.arrayContaining(['Home', 'Terms', 'Coin Guide', 'Contact', 'Sign up', 'Login']));
  for (const name of MEMBERS_ONLY) expect(names).not.toContain(name);
  await saveScreenshot(page, 'phone-menu-visitor');

  await menu.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('at 390 px a member sees the member pages in the menu and no Sign up', async ({ page, member }) => {
  await signIn(page, member, '/my-teas');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'My Teas' })).toBeVisible();
  const names = (await menu.getByRole('link').allInnerTexts()).map((name) => name.trim());
  expect(names).toEqual(expect.arrayContaining(['Home', ...MEMBERS_ONLY]));
  expect(names).not.toContain('Sign up');
});
