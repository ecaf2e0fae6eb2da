import type { Locator, Page } from '@playwright/test';
import { apiAdminPost, apiCreateTea, makeTea, type ApiPost } from '../support/api';
import { baseURL } from '../support/env';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { solidPng } from '../support/images';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

/**
 * Issue 10, items 2 and 13: a visitor's page carries only the server's blurred preview of a locked
 * tea's photo, never a link to the full image (in the DOM or in any response); unlocking shows the
 * full photo; rejecting and re-approving keeps it.
 */

const PHOTO = { name: 'evidence.png', mimeType: 'image/png', buffer: solidPng(400, 300, [180, 60, 40]) };

/** The full image's storage key, read from the admin's answer (`/uploads/{key}.webp?exp=…`). */
function fullKeyOf(post: ApiPost): string {
  const key = /^\/uploads\/([A-Za-z0-9_-]+)\.webp\?/.exec(post.image_urls[0] ?? '')?.[1];
  if (!key) throw new Error(`no signed full image in ${JSON.stringify(post.image_urls)}`);
  return key;
}

/** Every response body the page receives from our server, as text (images as their URL only). */
function recordResponses(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(baseURL())) return;
    bodies.push(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (/json|text|javascript|event-stream/.test(type)) {
      void response.text().then(
        (text) => bodies.push(text),
        () => undefined,
      );
    }
  });
  return bodies;
}

const photoOf = (page: Page, title: string): Locator =>
  page.getByRole('img', { name: new RegExp(`^Image 1 of 1 for ${title}`) });

/** The photo as the browser decoded it: its natural width and the CSS filter on it. */
const rendered = (photo: Locator) =>
  photo.evaluate((img: HTMLImageElement) => ({
    complete: img.complete,
    width: img.naturalWidth,
    filter: getComputedStyle(img).filter,
    src: img.getAttribute('src') ?? '',
  }));

async function expectPreviewOnly(page: Page, title: string, fullKey: string, bodies: string[]) {
  const photo = photoOf(page, title);
  await expect(photo).toHaveAccessibleName(/locked: a blurred preview until you unlock the tea/);
  await expect(page.getByText('Unlock to see the photos')).toBeVisible();
  await expect.poll(async () => (await rendered(photo)).complete && (await rendered(photo)).width > 0).toBe(true);
  const shown = await rendered(photo);
  expect(shown.width, 'the preview is at most 64 px wide').toBeLessThanOrEqual(64);
  expect(shown.filter).toContain('blur');
  expect(shown.src).not.toContain(fullKey);
  expect(await page.content()).not.toContain(fullKey);
  expect(bodies.join('\n')).not.toContain(fullKey);
}

test('a locked tea shows visitors only a blurred preview; unlocking shows the photo; reject and re-approve keep it', async ({
  page,
  browser,
  adminPage,
}) => {
  // Five browser sessions in one journey: longer than the default 30 s on a shared machine.
  test.setTimeout(120_000);
  const admin = await adminToken();
  const author = await account(admin);
  const tea = makeTea('Photo tea');
  const post = await apiCreateTea(author.token, tea, [PHOTO]);
  const fullKey = fullKeyOf(await apiAdminPost(admin, post.id));

  await test.step('the admin approves it on the admin post page', async () => {
    await adminPage.goto(`/admin/posts/${post.id}`);
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expectToast(adminPage, 'Post approved successfully!');
  });

  await test.step('a visitor sees the blurred preview on the list and the post page, and no full image anywhere', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    try {
      const visitor = await context.newPage();
      const bodies = recordResponses(visitor);
      await visitor.goto(`/?search=${encodeURIComponent(tea.title)}`);
      const card = visitor.getByRole('main').getByRole('article', { name: tea.title, exact: true });
      await expect(card.getByRole('img', { name: /^Photo \(locked/ })).toBeVisible();
      await visitor.goto(`/posts/${post.id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: tea.title })).toBeVisible();
      await expectPreviewOnly(visitor, tea.title, fullKey, bodies);
      // Asking for the full file by its key alone gets nothing.
      const direct = await visitor.request.get(`/uploads/${fullKey}.webp`);
      expect(direct.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  await test.step('another member unlocks it and sees the full photo', async () => {
    const reader = await account(admin);
    await signIn(page, reader.user, '/my-teas');
    const bodies = recordResponses(page);
    await page.goto(`/posts/${post.id}`);
    await expectPreviewOnly(page, tea.title, fullKey, bodies);
    await page.getByRole('button', { name: 'Unlock for 40 coins' }).click();
    await page
      .getByRole('alertdialog', { name: 'Unlock this tea?' })
      .getByRole('button', { name: 'Unlock', exact: true })
      .click();
    const photo = page.getByRole('img', { name: `Image 1 of 1 for ${tea.title}`, exact: true });
    await expect(photo).toBeVisible();
    await expect.poll(async () => (await rendered(photo)).width).toBe(400);
    const shown = await rendered(photo);
    expect(shown.src).toContain(`/uploads/${fullKey}.webp?exp=`);
    expect(shown.filter).toBe('none');
    await expect(page.getByText('Unlock to see the photos')).toHaveCount(0);
  });

  await test.step('the admin rejects the published tea (the dialog says it will be unpublished), then re-approves it', async () => {
    await adminPage.goto(`/admin/posts/${post.id}`);
    await adminPage.getByRole('button', { name: 'Reject' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reject this tea?' });
    await expect(dialog).toContainText(`“${tea.title}” will be unpublished`);
    await expect(dialog).toContainText('Its photos, if any, are kept for 30 days');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(adminPage, 'Post rejected successfully!');
    // The admin still sees the photo while the tea is rejected.
    await expect.poll(async () => (await rendered(photoOf(adminPage, tea.title))).width).toBe(400);
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expectToast(adminPage, 'Post approved successfully!');
  });

  await test.step('republished with its photo: the author sees it in full, a visitor the preview again', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    try {
      const authorPage = await context.newPage();
      await signIn(authorPage, author.user, '/my-teas');
      await authorPage.goto(`/posts/${post.id}`);
      const photo = authorPage.getByRole('img', { name: `Image 1 of 1 for ${tea.title}`, exact: true });
      await expect.poll(async () => (await rendered(photo)).width).toBe(400);
    } finally {
      await context.close();
    }
    const visitorContext = await browser.newContext({ baseURL: baseURL() });
    try {
      const visitor = await visitorContext.newPage();
      const bodies = recordResponses(visitor);
      await visitor.goto(`/posts/${post.id}`);
      await expectPreviewOnly(visitor, tea.title, fullKey, bodies);
    } finally {
      await visitorContext.close();
    }
  });
});
