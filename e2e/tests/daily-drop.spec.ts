import { apiLogin, apiMe } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/ui';
import { signIn, signUpAndVerify } from '../support/users';

const DROP = 10;

test('a member claims the daily drop from the user menu; the balance grows by 10 and the next drop is announced', async ({
  page,
}) => {
  // A fresh member: the drop can be claimed once per UTC day.
  const user = await signUpAndVerify();
  const token = await apiLogin(user);
  const before = (await apiMe(token)).coin_balance;

  await signIn(page, user, '/my-teas');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByTitle(`${before} Tea Coins`)).toBeVisible();

  const claim = menu.getByRole('menuitem', { name: `Claim daily drop (+${DROP})` });
  await expect(claim).toBeEnabled();
  await claim.click();
  await expectToast(page, 'Daily drop claimed');
  await expectToast(page, `+${DROP} Tea Coins`);

  await test.step('the menu stays open with the new balance and the time of the next drop', async () => {
    await expect(menu.getByTitle(`${before + DROP} Tea Coins`)).toBeVisible();
    const next = menu.getByRole('menuitem', { name: /^Next drop in (\d+h|\d+m|a moment)$/ });
    await expect(next).toBeVisible();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitem', { name: /^Claim daily drop/ })).toHaveCount(0);
  });

  await test.step('the server agrees, and a reload still says when the next drop comes', async () => {
    expect((await apiMe(token)).coin_balance).toBe(before + DROP);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menuitem', { name: /^Next drop in (\d+h|\d+m|a moment)$/ })).toBeVisible();
    await expect(page.getByRole('menu').getByTitle(`${before + DROP} Tea Coins`)).toBeVisible();
  });
});
