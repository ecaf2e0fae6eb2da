import { LOCKED_PREVIEW_CHARS } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { signedIn, type Auth } from '../../../../test/posts-kit.js';
import { categories, states } from '../../../db/schema.js';
import { approvedPost, listIds, unlock } from '../../../../test/reading-kit.js';

/**
 * Search must not answer questions about what a reader cannot see (issue 10, item 1): growing a
 * term one character at a time over hidden text or a handle used to rebuild both.
 */
let app: TestApp;
// Visible text avoids the letters the hidden parts start with (q, z, j), so a probe term can only
// match through the hidden parts.
const HEAD = 'The opening lines anyone may read, about a harbour and its boats. '
  .repeat(3)
  .slice(0, LOCKED_PREVIEW_CHARS);
const HIDDEN = 'Zyx quokka jumbo wax';
const CONTENT = `${HEAD}${HIDDEN}, and more of the story after it.`;
const HANDLE = '@Jennifer_Secret';
let lockedId: string;
let otherLockedId: string;
let author: Awaited<ReturnType<typeof signedIn>>;
let category: { name: string };
let state: { name: string; code: string };

beforeAll(async () => {
  // The per-address search limit has its own test file; here it stays out of the way.
  app = await createTestApp({ env: { SEARCH_LIMIT_PER_MINUTE: '100000' } });
  const [firstCategory] = await app.ctx.db.select().from(categories).limit(1);
  const [firstState] = await app.ctx.db.select().from(states).limit(1);
  if (!firstCategory || !firstState) throw new Error('reference data missing');
  category = firstCategory;
  state = firstState;
  author = await signedIn(app);
  const post = await approvedPost(app, author.user.id, {
    title: 'Harbour news',
    content: CONTENT,
    taggedHandle: HANDLE,
    categoryId: firstCategory.id,
    stateId: firstState.id,
  });
  lockedId = post.id;
  const other = await approvedPost(app, author.user.id, {
    title: 'Harbour gossip',
    content: CONTENT,
    taggedHandle: '@someone_else',
  });
  otherLockedId = other.id;
});
afterAll(() => app.teardown());

const search = (term: string, auth: Auth = {}) => listIds(app, `?limit=100&search=${encodeURIComponent(term)}`, auth);

/** Every prefix of `text` (all but the whole, when `stopShort`) that finds `id`. */
async function prefixesFinding(id: string, text: string, auth: Auth, stopShort = false): Promise<string[]> {
  const found: string[] = [];
  const last = stopShort ? text.length - 1 : text.length;
  for (let k = 1; k <= last; k += 1) {
    const term = text.slice(0, k);
    if ((await search(term, auth)).includes(id)) found.push(term);
  }
  return found;
}

describe('a reader who has not unlocked searches only what they can see', () => {
  const readers: Array<[string, () => Promise<Auth>]> = [
    ['a visitor', async () => ({})],
    ['a signed-in reader', async () => (await signedIn(app)).auth],
  ];

  it.each(readers)('as %s, growing a term over the hidden text or the handle finds nothing', async (_who, authOf) => {
    const auth = await authOf();
    expect(await prefixesFinding(lockedId, HIDDEN, auth)).toEqual([]);
    expect(await prefixesFinding(lockedId, HANDLE, auth, true)).toEqual([]);
    expect(await prefixesFinding(lockedId, HANDLE.slice(1), auth, true)).toEqual([]);
    for (const fragment of ['secret', 'jennifer', '@jennifer', 'nifer_sec', 'SECRET']) {
      expect(await search(fragment, auth), fragment).not.toContain(lockedId);
    }
  });

  it.each(readers)('as %s, a whole handle matches with or without @ and in any case', async (_who, authOf) => {
    const auth = await authOf();
    for (const whole of ['@Jennifer_Secret', 'jennifer_secret', '@JENNIFER_SECRET', 'Jennifer_Secret']) {
      expect(await search(whole, auth), whole).toEqual([lockedId]);
    }
  });

  it.each(readers)('as %s, words of the title, preview, category and state match', async (_who, authOf) => {
    const auth = await authOf();
    const categoryWord = category.name.split(' ').at(-1) ?? category.name;
    const terms = ['Harbour news', 'opening lines', categoryWord, category.name, state.name, state.code.toLowerCase()];
    for (const term of terms) {
      expect(await search(term, auth), term).toContain(lockedId);
    }
  });
});

describe('a reader who can open a post also searches its content and handle', () => {
  it('after unlocking, the same reader finds the content past the preview, and only in that post', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    expect(await search('quokka jumbo', auth)).toEqual([]);
    expect((await unlock(app, auth, lockedId)).statusCode).toBe(200);
    expect(await search('quokka jumbo', auth)).toEqual([lockedId]);
    expect(await search('jennifer', auth)).toEqual([lockedId]);
    // Unlocking one post opens nothing else: the other post holds the same hidden text.
    expect(await search('quokka jumbo', auth)).not.toContain(otherLockedId);
    expect(await search('quokka jumbo')).toEqual([]);
  });

  it('the author and an admin find the content past the preview', async () => {
    expect(await search('quokka jumbo', author.auth)).toEqual([otherLockedId, lockedId]);
    const admin = await signedIn(app, { isAdmin: true });
    expect(await search('quokka jumbo', admin.auth)).toEqual([otherLockedId, lockedId]);
    expect(await search('nifer_sec', admin.auth)).toEqual([lockedId]);
  });
});
