import { expect, type Locator, type Page } from '@playwright/test';

/** Stops runaway paging should the Next button never disable. */
const MAX_PAGES = 50;

/**
 * Opens /admin/moderation and pages through the queue (oldest first, 9 a page) until the card
 * of the tea titled `title` shows; returns that card (role article, named by its title).
 * Other specs leave pending teas behind, so a new tea is often not on page 1.
 */
export async function findInModerationQueue(page: Page, title: string): Promise<Locator> {
  await page.goto('/admin/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation Queue' })).toBeVisible();
  const card = page.getByRole('article', { name: title, exact: true });
  const cards = page.getByRole('article');
  await expect(cards.first().or(page.getByText('No teas waiting for review'))).toBeVisible();
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
  const grid = page.getByRole('main').locator('[aria-busy]');
  for (let n = 2; n <= MAX_PAGES; n += 1) {
    if (await card.isVisible()) return card;
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
    await expect(page.getByText(new RegExp(`^Page ${n} of \\d+$`))).toBeVisible();
    await expect(grid).toHaveAttribute('aria-busy', 'false');
  }
  await expect(card, `the tea "${title}" in the moderation queue`).toBeVisible();
  return card;
}
