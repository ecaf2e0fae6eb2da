import { expect, type Locator, type Page } from '@playwright/test';
import type { TeaDraft } from './api';
import type { InMemoryFile } from './images';

/** Fills the /submit form (the page must be open) and attaches `images` through the picker. */
export async function fillTeaForm(
  page: Page,
  tea: TeaDraft,
  options: { category: string; state: string; bounty?: number; images?: readonly InMemoryFile[] },
): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(tea.title);
  await page.getByLabel('Content', { exact: true }).fill(tea.content);
  await page.getByLabel("Subject's @handle", { exact: true }).fill(tea.tagged_handle);
  // The selects are disabled until their lists have loaded.
  const category = page.getByLabel('Category', { exact: true });
  const state = page.getByLabel('State', { exact: true });
  await expect(category).toBeEnabled();
  await expect(state).toBeEnabled();
  await category.selectOption({ label: options.category });
  await state.selectOption({ label: options.state });
  await page.getByLabel('Evidence link (optional)', { exact: true }).fill(tea.evidence_link);
  if (options.bounty !== undefined) {
    await page.getByLabel('Bounty (optional)', { exact: true }).fill(String(options.bounty));
  }
  if (options.images?.length) {
    await page.getByLabel('Images (optional)', { exact: true }).setInputFiles([...options.images]);
  }
  await page.getByRole('checkbox', { name: /^This is what I saw or experienced myself/ }).check();
}

/** The header bell; its accessible name carries the unread count. */
export const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications( \(\d+ unread\))?$/ });

/** The balance chip in the header ('N Tea Coins' in its title; shown from the sm breakpoint). */
export const headerBalance = (page: Page): Locator => page.getByRole('banner').getByTitle(/^[\d,]+ Tea Coins$/);

/**
 * Opens /my-teas and returns the card (role article, named by its title) of the tea titled
 * `title`. My Teas lists the newest first, 9 a page: fine for a test's own fresh author.
 */
export async function openMyTeasCard(page: Page, title: string): Promise<Locator> {
  await page.goto('/my-teas');
  await expect(page.getByRole('heading', { level: 1, name: 'My Teas' })).toBeVisible();
  const card = page.getByRole('main').getByRole('article', { name: title, exact: true });
  await expect(card).toBeVisible();
  return card;
}

/** A card's moderation status badge ('Status: ' is screen-reader text before the label). */
export const statusBadge = (card: Locator, status: 'Pending' | 'Approved' | 'Rejected'): Locator =>
  card.getByText(`Status: ${status}`, { exact: true });
