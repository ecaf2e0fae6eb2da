import type { Locator, Page } from '@playwright/test';
import { makeTea } from '../support/api';
import { account, adminToken, cardTitled, marker, publishTea } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/users';

/**
 * A dialog opened from a card gives focus back to the button that opened it, driven with the
 * keyboard only; after a successful unlock (the button is gone) focus lands on the card's
 * View Full link and the unlock is announced.
 */

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached the element`);
}

test('focus returns to Unlock and Create Reversal after Escape or Cancel, and lands on View Full after an unlock', async ({
  page,
}) => {
  const admin = await adminToken();
  const mark = marker();
  const author = await account(admin);
  const reader = await account(admin, 100);
  const tea = makeTea(`Focus ${mark}`);
  await publishTea(author, admin, tea);
  await signIn(page, reader.user, '/my-teas');
  await page.goto(`/?search=${mark}`);
  const card = cardTitled(page, tea.title);
  const unlock = card.getByRole('button', { name: /^Unlock for \d+ coins$/ });
  const reverse = card.getByRole('button', { name: 'Create Reversal' });
  await expect(unlock).toBeVisible();

  await test.step('Unlock: Escape, then Cancel, give focus back to the button', async () => {
    await tabTo(page, unlock);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Unlock this tea?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(unlock).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(unlock).toBeFocused();
  });

  await test.step('Create Reversal: Escape, then Cancel, give focus back to the button', async () => {
    await tabTo(page, reverse);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Submit Reversal' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(reverse).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(reverse).toBeFocused();
  });

  await test.step('a successful unlock puts focus on the View Full link that replaced the button', async () => {
    await tabTo(page, unlock, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Unlock this tea?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Unlock', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The toast says it (and its live region reads it out).
    await expect(page.getByText('Post Unlocked!').first()).toBeVisible();
    await expect(card.getByRole('link', { name: `View Full: ${tea.title}` })).toBeFocused();
  });
});
