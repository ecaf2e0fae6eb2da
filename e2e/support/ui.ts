import { expect, type Page } from '@playwright/test';

/**
 * Expects a toast with this text. Radix also copies a toast's text into a polite live region,
 * so the text can be on the page twice; the first visible copy is enough.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Logs out through the user menu and waits for the sign-in page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
}

/** Resolves once the page's web fonts have loaded, so a screenshot shows the real type. */
export async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
