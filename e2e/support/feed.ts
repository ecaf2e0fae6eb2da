import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  apiAddCoins,
  apiCreateTea,
  apiLogin,
  apiMe,
  apiSetPostStatus,
  type ApiPost,
  type Taxonomy,
  type TeaDraft,
} from './api';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';
import { signUpAndVerify, type TestUser } from './users';

/**
 * Set-up and look-ups for the public list ('All Teas' at /), the post pages, My Teas and the
 * admin feed. Other specs publish teas on the same server, so a test marks its own teas with a
 * word nobody else uses and searches for it.
 */

/** A word no other tea contains: letters and digits only, so a trigram search finds it as is. */
export const marker = (prefix = 'mk'): string => `${prefix}${randomBytes(5).toString('hex')}`;

/** The admin's access token (the admin the server creates at start-up). */
export const adminToken = (): Promise<string> => apiLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });

export type Account = { user: TestUser; token: string; id: string };

/** A verified member, signed in through the API, given `extraCoins` on top of the 50-coin bonus. */
export async function account(admin: string, extraCoins = 0): Promise<Account> {
  const user = await signUpAndVerify();
  const token = await apiLogin(user);
  const { id } = await apiMe(token);
  if (extraCoins > 0) await apiAddCoins(admin, id, extraCoins);
  return { user, token, id };
}

/** Submits a tea as the author (25 coins) and has the admin approve it. */
export async function publishTea(author: Account, admin: string, tea: TeaDraft, taxonomy?: Taxonomy): Promise<ApiPost> {
  const post = await apiCreateTea(author.token, tea, [], taxonomy);
  return apiSetPostStatus(admin, post.id, 'approved');
}

/** The cards of the list in the page's main region (role article, named by the title). */
export const cards = (page: Page): Locator => page.getByRole('main').getByRole('article');

/** One card on a list, by its exact title. */
export const cardTitled = (page: Page, title: string): Locator =>
  page.getByRole('main').getByRole('article', { name: title, exact: true });

/** The grid of cards, whose aria-busy is true while a new page is on its way. */
const grid = (page: Page): Locator => page.getByRole('main').locator('[aria-busy]');

/** Waits until the list has settled and shows exactly these titles (in any order). */
export async function expectListTitles(page: Page, titles: readonly string[]): Promise<void> {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect
    .poll(async () =>
      (await cards(page).getByRole('heading', { level: 2 }).allInnerTexts()).map((t) => t.trim()).sort(),
    )
    .toEqual([...titles].sort());
}

/** The filter bar of the list pages. */
export const filterBar = (page: Page): Locator => page.getByRole('region', { name: 'Filters' });

/** Types into the search box and applies it with Enter. */
export async function search(page: Page, text: string): Promise<void> {
  const box = filterBar(page).getByRole('searchbox', { name: 'Search teas' });
  await box.fill(text);
  await box.press('Enter');
}

/** Expects the address bar to carry exactly these list parameters (and no others). */
export async function expectQuery(page: Page, expected: Record<string, string>): Promise<void> {
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams.entries()), {
      message: `query string of ${page.url()}`,
    })
    .toEqual(expected);
}
