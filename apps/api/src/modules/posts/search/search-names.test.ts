import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { approvedPost, listIds } from '../../../../test/reading-kit.js';
import { call, signIn, type Headers } from '../../../../test/taxonomy-kit.js';
import { states } from '../../../db/schema.js';

/**
 * A visitor's search whose term names no category or state skips the scope's statement, from
 * the names the page cache keeps (search-names.ts); every other search still asks the database,
 * and a category added or renamed is matched by its name from the next request on.
 */
let app: TestApp;
let headers: Headers;
let authorId: string;
let stateId: string;

beforeAll(async () => {
  app = await createTestApp({ env: { PAGE_CACHE_MS: '60000', SEARCH_LIMIT_PER_MINUTE: '100000' } });
  ({ headers, adminId: authorId } = await signIn(app));
  const [state] = await app.ctx.db.select().from(states).limit(1);
  if (!state) throw new Error('reference data missing');
  stateId = state.id;
});
afterAll(async () => {
  await app.teardown();
});

/** Statements sent while a visitor searched for `term`, and the ids it found. */
async function search(term: string): Promise<{ statements: number; ids: string[] }> {
  const before = app.ctx.database.stats().queries;
  const ids = await listIds(app, `?search=${encodeURIComponent(term)}`);
  return { statements: app.ctx.database.stats().queries - before, ids };
}

async function newCategory(name: string): Promise<string> {
  const res = await call(app, 'POST', `${API}/categories/admin/`, headers.admin, { name, description: 'Made here.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe("a visitor's search and the kept names", () => {
  it('asks no scope when the term names nothing, and finds the same posts', async () => {
    const post = await approvedPost(app, authorId, { title: 'Quillfeather spotted downtown' });
    await search('quillfeather');
    const again = await search('quillfeather');
    expect(again.ids).toEqual([post.id]);
    // The slices' page with its rows, and the read context: the scope's statement is gone.
    expect(again.statements).toBe(2);
  });

  it('still asks the database when the term names a category or a state', async () => {
    const categoryId = await newCategory('Marmalade Mornings');
    const inCategory = await approvedPost(app, authorId, { title: 'Nothing to see', categoryId });
    await search('marmalade');
    const named = await search('marmalade');
    expect(named.ids).toEqual([inCategory.id]);
    expect(named.statements).toBe(3);
    const [state] = await app.ctx.db.select().from(states).limit(1);
    const inState = await approvedPost(app, authorId, { title: 'Also nothing', stateId });
    expect((await search(state?.code ?? '')).ids).toContain(inState.id);
  });

  it('matches a category added after the names were kept, and one renamed', async () => {
    expect((await search('gooseberry')).ids).toEqual([]);
    const categoryId = await newCategory('Gooseberry Gossip');
    const post = await approvedPost(app, authorId, { title: 'A plain title', categoryId });
    expect((await search('gooseberry')).ids).toEqual([post.id]);

    const renamed = await call(app, 'PUT', `${API}/categories/admin/${categoryId}`, headers.admin, {
      name: 'Rhubarb Rumours',
      description: 'Made here.',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('rhubarb')).ids).toEqual([post.id]);
    expect((await search('gooseberry')).ids).toEqual([]);
  });

  it('leaves the words of a name that is not ASCII to the database', async () => {
    const categoryId = await newCategory('Crème Brûlée Club');
    const post = await approvedPost(app, authorId, { title: 'Dessert talk', categoryId });
    const plain = await approvedPost(app, authorId, { title: 'Quillwort sighting' });
    expect((await search('brûlée')).ids).toEqual([post.id]);
    // One name is not ASCII: no term is answered from the kept names.
    const found = await search('quillwort');
    expect(found.ids).toEqual([plain.id]);
    expect(found.statements).toBe(3);
  });
});
