import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  apiCategories,
  apiCreateReversal,
  apiCreateTea,
  apiMe,
  apiSetPostStatus,
  apiStates,
  apiUnlock,
  makeTea,
  type ApiPost,
  type TeaDraft,
} from '../support/api';
import { VIEWPORTS } from '../support/env';
import {
  account,
  adminToken,
  cards,
  cardTitled,
  expectListTitles,
  expectQuery,
  filterBar,
  marker,
  publishTea,
  search,
  type Account,
} from '../support/feed';
import { expect, test as base } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { headerBalance, openMyTeasCard } from '../support/teas';
import { expectToast, fontsReady } from '../support/ui';
import { signIn } from '../support/users';

/**
 * The 'Teas out' issue in the browser: the public list at / (search, filters, paging, the
 * address bar in step), locked cards and unlocking, the post and reversal pages, Empty Pot on
 * My Teas, and the admin feed; then every one of those pages through axe and the camera.
 */

const UNLOCK_PRICE = 40;
const EMPTY_POT_COST = 25;
const LOCKED_PREVIEW_CHARS = 150;
const PAGE_SIZE = 9;

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** '@jane' → '@j•••••', as the server masks a locked tea's handle: a fixed mask, whatever its length. */
const masked = (handle: string): string => `@${Array.from(handle.slice(1))[0] ?? ''}•••••`;

/**
 * A tea whose content runs past the 150-character preview (and stays under the 300 where the
 * post page folds it) and names its subject only after the preview ends.
 */
function longTea(label: string): TeaDraft & { preview: string; secret: string } {
  const base = makeTea(label);
  const name = base.tagged_handle.slice(1);
  const opening =
    'Steam rises over the allotment shed every dawn, and the whole lane has a theory about the copper kettle ' +
    'that sings there long before anyone else is awake. ';
  const secret = `It belongs to ${name}, who brews for the night shift at the depot (${hex(3)}).`;
  const content = opening + secret;
  if (opening.length < LOCKED_PREVIEW_CHARS) throw new Error('The opening must fill the whole locked preview');
  return { ...base, content, preview: content.slice(0, LOCKED_PREVIEW_CHARS), secret };
}

type Scene = {
  author: Account;
  reader: Account;
  /** Approved, with a long content; it has an approved reversal by the reader. */
  original: ApiPost;
  reversal: ApiPost;
  /** Approved, unlocked by the reader (locked for visitors). */
  unlocked: ApiPost;
};

const test = base.extend<object, { scene: Scene }>({
  scene: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const admin = await adminToken();
      const author = await account(admin, 100);
      const reader = await account(admin, 100);
      const original = await publishTea(author, admin, longTea('Pictured original'));
      const unlocked = await publishTea(author, admin, longTea('Pictured unlocked'));
      const reversal = await apiCreateReversal(reader.token, makeTea('Pictured reversal'), original.id);
      await apiSetPostStatus(admin, reversal.id, 'approved');
      await apiUnlock(reader.token, unlocked.id);
      await use({ author, reader, original, reversal, unlocked });
    },
    { scope: 'worker' },
  ],
});

const mainHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test.describe('the public list', () => {
  test('a visitor searches, filters, pages and uses Back/Forward and reload with the address bar in step', async ({
    page,
  }) => {
    const admin = await adminToken();
    const [categories, states] = await Promise.all([apiCategories(), apiStates()]);
    const [catA, catB] = categories;
    const [stateX, stateY] = states;
    if (!catA || !catB || !stateX || !stateY) throw new Error('The server needs two categories and two states');

    // 11 teas: 4 in category B and 7 in A; 6 in state X and 5 in Y; one about a unique handle.
    const mark = marker();
    const handle = `@h${hex(6)}`;
    const author = await account(admin, 11 * 25);
    type Seeded = { title: string; category: string; state: string; handle: string };
    const seeded: Seeded[] = [];
    for (let i = 0; i < 11; i += 1) {
      const tea = makeTea(`Browse ${mark} no${i}`);
      if (i === 5) tea.tagged_handle = handle;
      const category = i % 3 === 0 ? catB : catA;
      const state = i % 2 === 0 ? stateX : stateY;
      await publishTea(author, admin, tea, { category_id: category.id, state_id: state.id });
      seeded.push({ title: tea.title, category: category.name, state: state.code, handle: tea.tagged_handle });
    }
    const titles = (pick: (s: Seeded) => boolean) => seeded.filter(pick).map((s) => s.title);
    const all = titles(() => true);
    // Newest first: the first page holds the 9 newest, the second the 2 oldest.
    const newestFirst = [...all].reverse();
    const firstPage = newestFirst.slice(0, PAGE_SIZE);
    const secondPage = newestFirst.slice(PAGE_SIZE);

    const box = filterBar(page).getByRole('searchbox', { name: 'Search teas' });
    const categorySelect = filterBar(page).getByRole('combobox', { name: 'Category' });
    const stateSelect = filterBar(page).getByRole('combobox', { name: 'State' });

    await test.step('searching the marker finds the 11 teas and writes search= into the address', async () => {
      await page.goto('/');
      await expect(mainHeading(page, 'All Teas')).toBeVisible();
      await expect(box).toHaveAttribute('placeholder', 'Search titles, keywords, @handles');
      await search(page, mark);
      await expectQuery(page, { search: mark });
      await expect(page.getByText('11 total teas', { exact: true })).toBeVisible();
      await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
      await expectListTitles(page, firstPage);
      await expect(filterBar(page).getByRole('button', { name: `Remove filter Search: "${mark}"` })).toBeVisible();
    });

    await test.step('a category narrows the list to exactly its teas, and a state narrows it further', async () => {
      await categorySelect.selectOption({ label: catB.name });
      await expectQuery(page, { search: mark, category: catB.name });
      await expect(page.getByText('4 total teas', { exact: true })).toBeVisible();
      await expectListTitles(
        page,
        titles((s) => s.category === catB.name),
      );
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

      await stateSelect.selectOption({ value: stateX.code });
      await expectQuery(page, { search: mark, category: catB.name, state: stateX.code });
      await expectListTitles(
        page,
        titles((s) => s.category === catB.name && s.state === stateX.code),
      );
      await expect(page.getByText('2 total teas', { exact: true })).toBeVisible();
    });

    await test.step('the chips remove their filter', async () => {
      await filterBar(page)
        .getByRole('button', { name: `Remove filter Category: ${catB.name}` })
        .click();
      await expectQuery(page, { search: mark, state: stateX.code });
      await expect(categorySelect).toHaveValue('');
      await expectListTitles(
        page,
        titles((s) => s.state === stateX.code),
      );
      await expect(page.getByText('6 total teas', { exact: true })).toBeVisible();

      await filterBar(page)
        .getByRole('button', { name: `Remove filter State: ${stateX.name}` })
        .click();
      await expectQuery(page, { search: mark });
      await expect(page.getByText('11 total teas', { exact: true })).toBeVisible();
      await expectListTitles(page, firstPage);
    });

    await test.step('searching @handle finds the one tea about that handle, with the handle masked', async () => {
      await search(page, handle);
      await expectQuery(page, { search: handle });
      await expect(page.getByText('1 total tea', { exact: true })).toBeVisible();
      const only = titles((s) => s.handle === handle);
      await expectListTitles(page, only);
      const card = cardTitled(page, only[0] ?? '');
      await expect(card).toContainText(`Tagged: ${masked(handle)}`);
      await expect(card).not.toContainText(handle);
    });

    await test.step('page 2 of the marker search shows the rest, with page=2 in the address', async () => {
      await search(page, mark);
      await expectQuery(page, { search: mark });
      await expectListTitles(page, firstPage);
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await expectQuery(page, { search: mark, page: '2' });
      await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
      await expectListTitles(page, secondPage);
    });

    await test.step('Back and Forward move the address bar and the list together', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
      await expectQuery(page, {});
      await expect(box).toHaveValue('');
      await expect(filterBar(page).getByText('Active filters:')).toHaveCount(0);
      // Every published tea again (this server holds at least the 11 above): page 1, 9 cards.
      await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
      await expect(page.getByText(/^[\d,]+ total teas$/)).toBeVisible();
      await expect(cards(page)).toHaveCount(PAGE_SIZE);

      await page.goBack();
      await expectQuery(page, { search: mark, page: '2' });
      await expect(box).toHaveValue(mark);
      await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
      await expectListTitles(page, secondPage);

      await page.goForward();
      await expectQuery(page, {});
      await expect(box).toHaveValue('');
      await expect(page.getByText('Page 2 of 2', { exact: true })).toHaveCount(0);

      await page.goBack();
      await expectQuery(page, { search: mark, page: '2' });
      await expectListTitles(page, secondPage);

      // Into a tea and back: the list comes back on the same page with the same filters.
      const oldest = secondPage[secondPage.length - 1] ?? '';
      await cardTitled(page, oldest).getByRole('link', { name: oldest, exact: true }).click();
      await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}$/);
      await expect(mainHeading(page, oldest)).toBeVisible();
      await page.goBack();
      await expectQuery(page, { search: mark, page: '2' });
      await expect(box).toHaveValue(mark);
      await expectListTitles(page, secondPage);
      await page.goForward();
      await expect(mainHeading(page, oldest)).toBeVisible();
      await page.goBack();
      await expectListTitles(page, secondPage);
    });

    await test.step('a reload keeps the filters', async () => {
      await categorySelect.selectOption({ label: catA.name });
      // Changing a filter goes back to page 1.
      await expectQuery(page, { search: mark, category: catA.name });
      const inA = titles((s) => s.category === catA.name);
      await expectListTitles(page, inA);
      await page.reload();
      await expectQuery(page, { search: mark, category: catA.name });
      await expect(box).toHaveValue(mark);
      await expect(categorySelect).toHaveValue(catA.name);
      await expect(filterBar(page).getByRole('button', { name: `Remove filter Category: ${catA.name}` })).toBeVisible();
      await expect(page.getByText(`${inA.length} total teas`, { exact: true })).toBeVisible();
      await expectListTitles(page, inA);

      await filterBar(page).getByRole('button', { name: 'Clear All', exact: true }).click();
      await expectQuery(page, {});
      await expect(box).toHaveValue('');
      await expect(categorySelect).toHaveValue('');
    });
  });

  test('a locked card shows 150 characters and a masked handle; a member unlocks it and pays the price once', async ({
    page,
  }) => {
    const admin = await adminToken();
    const author = await account(admin);
    const reader = await account(admin);
    const tea = longTea(`Locked ${marker()}`);
    const post = await publishTea(author, admin, tea);
    const before = (await apiMe(reader.token)).coin_balance;
    expect(before, 'the sign-up bonus covers an unlock').toBeGreaterThanOrEqual(UNLOCK_PRICE);

    await signIn(page, reader.user, '/my-teas');
    await page.goto(`/?search=${encodeURIComponent(tea.title)}`);
    const card = cardTitled(page, tea.title);

    await test.step('the card shows only the preview, and the handle nowhere on the page', async () => {
      await expectListTitles(page, [tea.title]);
      const preview = card.locator('[data-locked="true"]');
      await expect(preview).toHaveText(`${tea.preview}…`);
      expect((await preview.textContent())?.length ?? 0).toBeLessThanOrEqual(LOCKED_PREVIEW_CHARS + 1);
      await expect(card).toContainText(`Tagged: ${masked(tea.tagged_handle)}`);
      const html = await page.content();
      expect(html, 'the page source names the subject').not.toContain(tea.tagged_handle.slice(1));
      expect(html, 'the page source holds text past the preview').not.toContain(tea.secret);
      await expect(card.getByRole('link', { name: `View Full: ${tea.title}` })).toHaveCount(0);
    });

    await test.step('the confirmation shows the price and the balance; confirming unlocks the card', async () => {
      await card.getByRole('button', { name: `Unlock for ${UNLOCK_PRICE} coins` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Unlock this tea?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Unlocking “${tea.title}” shows its full content and tagged handle.`);
      await expect(dialog.locator('dt:text-is("Price") + dd')).toHaveText(`${UNLOCK_PRICE} Tea Coins`);
      await expect(dialog.locator('dt:text-is("Your balance") + dd')).toHaveText(`${before} Tea Coins`);
      await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
      await expectToast(page, 'Post Unlocked!');
      await expect(dialog).toBeHidden();
      await expect(card.locator('[data-locked="true"]')).toHaveCount(0);
      await expect(card).toContainText(tea.content);
      await expect(card).toContainText(`Tagged: ${tea.tagged_handle}`);
      await expect(card.getByRole('link', { name: `View Full: ${tea.title}` })).toBeVisible();
    });

    await test.step('the balance drops by the price', async () => {
      await expect.poll(async () => (await apiMe(reader.token)).coin_balance).toBe(before - UNLOCK_PRICE);
      await expect(headerBalance(page)).toHaveAttribute('title', `${before - UNLOCK_PRICE} Tea Coins`);
    });

    await test.step('View Full opens /posts/{id} with the full content', async () => {
      await card.getByRole('link', { name: `View Full: ${tea.title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
      await expect(mainHeading(page, tea.title)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tea' })).toContainText(tea.content);
      await expect(page.getByTestId('locked-preview')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'About this tea' })).toContainText(tea.tagged_handle.slice(1));
      await expect(page).toHaveTitle(`${tea.title} | Kettle`);
    });

    await test.step('a second look costs nothing', async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Tea' })).toContainText(tea.content);
      expect((await apiMe(reader.token)).coin_balance).toBe(before - UNLOCK_PRICE);
    });
  });

  test('a reversal pair links both ways: View Reversal, then View Original Post', async ({ page }) => {
    const admin = await adminToken();
    const mark = marker();
    const author = await account(admin);
    const rebutter = await account(admin);
    const original = makeTea(`Original ${mark}`);
    const originalPost = await publishTea(author, admin, original);
    const reversal = makeTea(`Reversal ${mark}`);
    const reversalPost = await apiCreateReversal(rebutter.token, reversal, originalPost.id);
    await apiSetPostStatus(admin, reversalPost.id, 'approved');

    await page.goto(`/?search=${mark}`);
    await expectListTitles(page, [original.title, reversal.title]);
    const originalCard = cardTitled(page, original.title);
    const reversalCard = cardTitled(page, reversal.title);

    await test.step('each card shows exactly one reversal action', async () => {
      await expect(originalCard.getByRole('link', { name: 'View Reversal' })).toBeVisible();
      await expect(originalCard.getByRole('link', { name: 'View Original Post' })).toHaveCount(0);
      await expect(originalCard.getByRole('link', { name: 'Create Reversal' })).toHaveCount(0);
      await expect(reversalCard.getByRole('link', { name: 'View Original Post' })).toBeVisible();
      await expect(reversalCard.getByRole('link', { name: 'View Reversal' })).toHaveCount(0);
      await expect(reversalCard.getByText('Reversal', { exact: true })).toBeVisible();
    });

    await test.step('View Reversal opens /posts/reversal/{originalId} with the reversal', async () => {
      await originalCard.getByRole('link', { name: 'View Reversal' }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/reversal/${originalPost.id}$`));
      await expect(mainHeading(page, reversal.title)).toBeVisible();
      await expect(page).toHaveTitle(`${reversal.title} | Kettle`);
    });

    await test.step('View Original Post leads back to /posts/{originalId}', async () => {
      await page.getByRole('link', { name: 'View Original Post' }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/${originalPost.id}$`));
      await expect(mainHeading(page, original.title)).toBeVisible();
      // And the original's page links to its reversal again.
      await page.getByRole('link', { name: 'View Reversal' }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/reversal/${originalPost.id}$`));
      await expect(mainHeading(page, reversal.title)).toBeVisible();
    });
  });
});

test('the author empties a pot nobody unlocked, and is refused for one a reader unlocked', async ({ page }) => {
  const admin = await adminToken();
  const author = await account(admin, 50);
  const reader = await account(admin);
  const mark = marker();
  const free = makeTea(`Empty me ${mark}`);
  const taken = makeTea(`Unlocked ${mark}`);
  const freePost = await publishTea(author, admin, free);
  const takenPost = await publishTea(author, admin, taken);
  await apiUnlock(reader.token, takenPost.id);
  const before = (await apiMe(author.token)).coin_balance;
  expect(before, 'the author can pay for emptying the pot').toBeGreaterThanOrEqual(EMPTY_POT_COST);

  await signIn(page, author.user, '/my-teas');

  await test.step('Empty Pot on the tea nobody unlocked: the dialog warns, the tea goes, 25 coins go', async () => {
    const card = await openMyTeasCard(page, free.title);
    await expect(card.getByRole('link', { name: 'View Tea' })).toHaveAttribute('href', `/posts/${freePost.id}`);
    await card.getByRole('button', { name: 'Empty Pot' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Empty the pot?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`This deletes “${free.title}”`);
    await expect(dialog).toContainText(`Emptying the pot costs ${EMPTY_POT_COST} Tea Coins.`);
    await expect(dialog.locator('dt:text-is("Your balance") + dd')).toHaveText(`${before} Tea Coins`);
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog).toContainText('A tea cannot be emptied once someone else has unlocked it.');
    await expect(dialog).not.toContainText('already unlocked this tea');
    await dialog.getByRole('button', { name: 'Empty Pot', exact: true }).click();
    await expectToast(page, 'Pot Emptied');
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect.poll(async () => (await apiMe(author.token)).coin_balance).toBe(before - EMPTY_POT_COST);
    await expect(headerBalance(page)).toHaveAttribute('title', `${before - EMPTY_POT_COST} Tea Coins`);
  });

  await test.step('the emptied tea is gone for good', async () => {
    await page.goto(`/posts/${freePost.id}`);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Post Not Found', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Post not found.');
  });

  await test.step('Empty Pot on the tea a reader unlocked is disabled with the reason, and costs nothing', async () => {
    const card = await openMyTeasCard(page, taken.title);
    await expect(card.getByText('1 unlocked', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Empty Pot' })).toBeDisabled();
    await expect(
      card.getByText('Someone has already unlocked this tea, so it can no longer be emptied.'),
    ).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await apiMe(author.token)).coin_balance).toBe(before - EMPTY_POT_COST);
    await page.reload();
    await expect(cardTitled(page, taken.title)).toBeVisible();
  });
});

test('the admin feed shows "Showing a-b of N teas" and filters by status in the address bar', async ({ adminPage }) => {
  const admin = await adminToken();
  const mark = marker();
  const author = await account(admin, 10 * 25);
  const created: ApiPost[] = [];
  for (let i = 0; i < 10; i += 1) created.push(await apiCreateTea(author.token, makeTea(`Feed ${mark} no${i}`)));
  const approved = created.slice(0, 3);
  for (const post of approved) await apiSetPostStatus(admin, post.id, 'approved');
  const pending = created.slice(3);
  const page = adminPage;
  const status = filterBar(page).getByRole('combobox', { name: 'Status' });

  try {
    await test.step('unfiltered, the feed counts every tea, 9 a page', async () => {
      await page.goto('/admin/');
      await expect(mainHeading(page, 'Tea Moderation Feed')).toBeVisible();
      await expect(page.getByText(/^Showing 1-9 of [\d,]+ teas$/)).toBeVisible();
      await expect(cards(page)).toHaveCount(PAGE_SIZE);
    });

    await test.step('the marker search finds the 10 teas over two pages', async () => {
      await search(page, mark);
      await expectQuery(page, { search: mark });
      await expect(page.getByText('Showing 1-9 of 10 teas', { exact: true })).toBeVisible();
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await expectQuery(page, { search: mark, page: '2' });
      await expect(page.getByText('Showing 10-10 of 10 teas', { exact: true })).toBeVisible();
      await expectListTitles(page, [created[0]?.title ?? '']);
    });

    await test.step('the status filter writes status=pending and shows only pending teas', async () => {
      await status.selectOption({ label: 'Pending' });
      await expectQuery(page, { search: mark, status: 'pending' });
      await expect(
        page.getByText(`Showing 1-${pending.length} of ${pending.length} teas`, { exact: true }),
      ).toBeVisible();
      await expectListTitles(
        page,
        pending.map((p) => p.title),
      );
      await expect(filterBar(page).getByRole('button', { name: 'Remove filter Status: Pending' })).toBeVisible();
      await page.reload();
      await expect(status).toHaveValue('pending');
      await expectListTitles(
        page,
        pending.map((p) => p.title),
      );

      await status.selectOption({ label: 'Approved' });
      await expectQuery(page, { search: mark, status: 'approved' });
      await expect(page.getByText('Showing 1-3 of 3 teas', { exact: true })).toBeVisible();
      await expectListTitles(
        page,
        approved.map((p) => p.title),
      );
    });

    await test.step('a card links to the admin post view', async () => {
      const first = approved[0];
      if (!first) throw new Error('no approved tea');
      await cardTitled(page, first.title).getByRole('link', { name: first.title }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/posts/${first.id}$`));
      await expect(mainHeading(page, first.title)).toBeVisible();
    });
  } finally {
    // Reject the pending teas so they do not crowd the moderation queue other specs page through.
    for (const post of pending) await apiSetPostStatus(admin, post.id, 'rejected', 'e2e tidy-up');
  }
});

// ---------------------------------------------------------------------------------------------
// Screenshots and axe at a phone and a desktop width.

type Shot = {
  name: string;
  as: 'visitor' | 'author' | 'reader' | 'admin';
  open: (page: Page, scene: Scene) => Promise<void>;
};

/** Waits until a list page's grid has loaded and settled. */
async function listSettled(page: Page): Promise<void> {
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
}

const SHOTS: readonly Shot[] = [
  {
    name: 'teas-out-home',
    as: 'visitor',
    open: async (page) => {
      await page.goto('/');
      await expect(mainHeading(page, 'All Teas')).toBeVisible();
      await listSettled(page);
      await expect(page.getByText(/^[\d,]+ total teas$/)).toBeVisible();
    },
  },
  {
    name: 'teas-out-post-locked',
    as: 'visitor',
    open: async (page, { unlocked }) => {
      await page.goto(`/posts/${unlocked.id}`);
      await expect(mainHeading(page, unlocked.title)).toBeVisible();
      await expect(page.getByTestId('locked-preview')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in to unlock' })).toBeVisible();
    },
  },
  {
    name: 'teas-out-post-unlocked',
    as: 'reader',
    open: async (page, { unlocked }) => {
      await page.goto(`/posts/${unlocked.id}`);
      await expect(mainHeading(page, unlocked.title)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tea' })).toContainText(unlocked.content);
      await expect(page.getByTestId('locked-preview')).toHaveCount(0);
    },
  },
  {
    name: 'teas-out-unlock-dialog',
    as: 'reader',
    open: async (page, { original }) => {
      await page.goto(`/posts/${original.id}`);
      await expect(mainHeading(page, original.title)).toBeVisible();
      await page.getByRole('button', { name: `Unlock for ${UNLOCK_PRICE} coins` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Unlock this tea?' });
      await expect(dialog.locator('dt:text-is("Your balance") + dd')).toHaveText(/^[\d,]+ Tea Coins$/);
    },
  },
  {
    name: 'teas-out-reversal',
    as: 'visitor',
    open: async (page, { original, reversal }) => {
      await page.goto(`/posts/reversal/${original.id}`);
      await expect(mainHeading(page, reversal.title)).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Original Post' })).toBeVisible();
    },
  },
  {
    name: 'teas-out-my-teas',
    as: 'author',
    open: async (page, { original, unlocked }) => {
      await page.goto('/my-teas');
      for (const post of [original, unlocked]) {
        const card = cardTitled(page, post.title);
        await expect(card.getByRole('link', { name: 'View Tea' })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Empty Pot' })).toBeVisible();
      }
    },
  },
  {
    name: 'teas-out-empty-pot-dialog',
    as: 'author',
    open: async (page, { original }) => {
      await page.goto('/my-teas');
      await cardTitled(page, original.title).getByRole('button', { name: 'Empty Pot' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Empty the pot?' });
      await expect(dialog).toContainText('A tea cannot be emptied once someone else has unlocked it.');
      await expect(dialog.locator('dt:text-is("Your balance") + dd')).toHaveText(/^[\d,]+ Tea Coins$/);
    },
  },
  {
    name: 'teas-out-admin-feed',
    as: 'admin',
    open: async (page) => {
      await page.goto('/admin/');
      await expect(mainHeading(page, 'Tea Moderation Feed')).toBeVisible();
      await listSettled(page);
      await expect(page.getByText(/^Showing 1-\d+ of [\d,]+ teas?$/)).toBeVisible();
    },
  },
];

for (const viewport of VIEWPORTS) {
  test.describe(`pictures ${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const shot of SHOTS) {
      test(`${shot.name}${shot.as === 'visitor' ? '' : ` as ${shot.as}`}`, async ({ page, scene, admin }) => {
        if (shot.as === 'admin') await signIn(page, admin, '/admin/');
        if (shot.as === 'author') await signIn(page, scene.author.user, '/my-teas');
        if (shot.as === 'reader') await signIn(page, scene.reader.user, '/my-teas');
        await shot.open(page, scene);
        await fontsReady(page);
        await saveScreenshot(page, shot.name);
        await expectNoSeriousA11yViolations(page, `${shot.name}-${viewport.width}`);
      });
    }
  });
}
