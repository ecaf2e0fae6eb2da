import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiCreateTea, apiLogin, makeTea, type ApiPost } from '../support/api';
import { VIEWPORTS } from '../support/env';
import { expect, test as base } from '../support/fixtures';
import { pngFile } from '../support/images';
import { findInModerationQueue } from '../support/moderation';
import { saveScreenshot } from '../support/screenshots';
import { fontsReady } from '../support/ui';
import { signIn, signUpAndVerify, type TestUser } from '../support/users';

/**
 * The pages of the 'Teas in' issue at a phone and a desktop width, as pages.spec.ts does for
 * the others: a full-page screenshot (e2e/test-results/screenshots/), then axe, failing on
 * serious or critical violations.
 */

type Poster = { user: TestUser; post: ApiPost };

const test = base.extend<object, { poster: Poster }>({
  /** A verified member with one pending tea (two images), made through the API once per worker. */
  poster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const user = await signUpAndVerify();
      const token = await apiLogin(user);
      const post = await apiCreateTea(token, makeTea('Pending tea'), [
        pngFile('teapot.png', [160, 60, 40]),
        pngFile('saucer.png', [60, 140, 90]),
      ]);
      await use({ user, post });
    },
    { scope: 'worker' },
  ],
});

type PageCase = {
  name: string;
  as: 'visitor' | 'poster' | 'admin';
  /** Opens the page and waits until it has settled (data loaded, spinners gone). */
  open: (page: Page, post: ApiPost | null) => Promise<void>;
};

/** Waits until `image` has been fetched and decoded, so the screenshot shows it. */
async function loaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  // Images load lazily: one below the fold (a narrow screen, a long page) loads once scrolled to.
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** The poster's tea, which every case but a visitor's is given. */
function required(post: ApiPost | null): ApiPost {
  if (!post) throw new Error('This page case needs the poster fixture');
  return post;
}

const goAndWait = (path: string, ready: (page: Page) => Locator) => async (page: Page) => {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
};

const CASES: readonly PageCase[] = [
  {
    name: 'submit',
    as: 'poster',
    open: async (page) => {
      await page.goto('/submit');
      await expect(page.getByRole('heading', { level: 1, name: 'Submit Tea' })).toBeVisible();
      await expect(page.locator('dt:text-is("Your balance") + dd')).toHaveText(/^\d+ Tea Coins$/);
      await expect(page.getByLabel('Category', { exact: true })).toBeEnabled();
      await expect(page.getByLabel('State', { exact: true })).toBeEnabled();
    },
  },
  {
    name: 'categories',
    as: 'visitor',
    open: goAndWait('/categories', (p) => p.getByRole('link', { name: 'Family Feud', exact: true })),
  },
  {
    name: 'states',
    as: 'visitor',
    open: goAndWait('/states', (p) => p.getByRole('link', { name: 'California', exact: true })),
  },
  {
    name: 'admin-categories',
    as: 'admin',
    open: goAndWait('/admin/categories', (p) => p.getByRole('button', { name: 'Edit Family Feud', exact: true })),
  },
  {
    name: 'admin-states',
    as: 'admin',
    open: goAndWait('/admin/states', (p) => p.getByRole('button', { name: 'Edit California', exact: true })),
  },
  {
    name: 'admin-moderation',
    as: 'admin',
    open: async (page, post) => {
      const card = await findInModerationQueue(page, required(post).title);
      await loaded(card.getByRole('img').first());
    },
  },
  {
    name: 'admin-post',
    as: 'admin',
    open: async (page, given) => {
      const post = required(given);
      await page.goto(`/admin/posts/${post.id}`);
      await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
      await expect(page.getByText('Status: Pending')).toBeVisible();
      await loaded(page.getByRole('img', { name: `Image 1 of 2 for ${post.title}` }));
    },
  },
  {
    name: 'my-teas-with-posts',
    as: 'poster',
    open: async (page, post) => {
      await page.goto('/my-teas');
      const card = page.getByRole('main').getByRole('article', { name: required(post).title, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByText('Status: Pending')).toBeVisible();
      await loaded(card.locator('img').first());
    },
  },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    /** Photographs the settled page, then runs axe. */
    const check = async (page: Page, c: PageCase): Promise<void> => {
      await fontsReady(page);
      await saveScreenshot(page, c.name);
      await expectNoSeriousA11yViolations(page, `${c.name}-${viewport.width}`);
    };
    const title = (c: PageCase): string => `${c.name}${c.as === 'visitor' ? '' : ` as ${c.as}`}`;

    for (const c of CASES.filter((x) => x.as === 'visitor')) {
      test(title(c), async ({ page }) => {
        await c.open(page, null);
        await check(page, c);
      });
    }
    for (const c of CASES.filter((x) => x.as === 'poster')) {
      test(title(c), async ({ page, poster }) => {
        await signIn(page, poster.user, '/my-teas');
        await c.open(page, poster.post);
        await check(page, c);
      });
    }
    for (const c of CASES.filter((x) => x.as === 'admin')) {
      test(title(c), async ({ page, admin, poster }) => {
        await signIn(page, admin, '/admin/');
        await c.open(page, poster.post);
        await check(page, c);
      });
    }
  });
}
