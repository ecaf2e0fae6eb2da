import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { buildPost } from '../../../test/posts-kit.js';
import { categories, postCounts, posts, states } from '../../db/schema.js';

let app: TestApp;
let authorId: string;
let cats: string[];
let sts: Array<{ id: string; code: string }>;

beforeAll(async () => {
  app = await createTestApp();
  authorId = (await buildUser(app)).id;
  cats = (await app.ctx.db.select({ id: categories.id }).from(categories).orderBy(asc(categories.name)).limit(3)).map(
    (c) => c.id,
  );
  sts = await app.ctx.db.select({ id: states.id, code: states.code }).from(states).orderBy(asc(states.code)).limit(3);
});
afterAll(async () => {
  await app.teardown();
});

/** The trigger-kept table must equal a real count for every (category, state) pair. */
async function expectCountsExact(): Promise<void> {
  const real = await app.ctx.db
    .select({ categoryId: posts.categoryId, stateId: posts.stateId, n: count() })
    .from(posts)
    .where(eq(posts.status, 'approved'))
    .groupBy(posts.categoryId, posts.stateId);
  const kept = await app.ctx.db
    .select()
    .from(postCounts)
    .where(sql`${postCounts.approved} <> 0`);
  const key = (c: string, s: string) => `${c}/${s}`;
  expect(new Map(kept.map((k) => [key(k.categoryId, k.stateId), k.approved]))).toEqual(
    new Map(real.map((r) => [key(r.categoryId, r.stateId), Number(r.n)])),
  );
}

const pick = <T>(items: T[], i: number): T => {
  const item = items[i % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
};

describe('approved post counts', () => {
  it('stay exact through inserts, approvals, rejections, moves and deletes', async () => {
    const made = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(
        await buildPost(app, authorId, {
          categoryId: pick(cats, i),
          stateId: pick(sts, i * 7).id,
          status: i % 3 === 0 ? 'pending' : 'approved',
        }),
      );
    }
    await expectCountsExact();
    for (const [i, post] of made.entries()) {
      if (i % 4 === 0) await app.ctx.db.update(posts).set({ status: 'approved' }).where(eq(posts.id, post.id));
      if (i % 4 === 1) await app.ctx.db.update(posts).set({ status: 'rejected' }).where(eq(posts.id, post.id));
      if (i % 4 === 2)
        await app.ctx.db
          .update(posts)
          .set({ categoryId: pick(cats, i + 1) })
          .where(eq(posts.id, post.id));
      if (i % 4 === 3) await app.ctx.db.delete(posts).where(eq(posts.id, post.id));
      await expectCountsExact();
    }
  });

  it('give the public list its exact totals by category, state name and code', async () => {
    const total = async (query: string) =>
      (await app.inject({ method: 'GET', url: `${API}/posts/?${query}` })).json<{
        metadata: { total_elements: number };
      }>().metadata.total_elements;
    const [approved] = await app.ctx.db.select({ n: count() }).from(posts).where(eq(posts.status, 'approved'));
    expect(await total('')).toBe(Number(approved?.n));
    const state = pick(sts, 0);
    const [inState] = await app.ctx.db
      .select({ n: count() })
      .from(posts)
      .where(sql`${posts.status} = 'approved' and ${posts.stateId} = ${state.id}`);
    expect(await total(`state=${state.code.toLowerCase()}`)).toBe(Number(inState?.n));
    expect(await total('category=No%20such%20category')).toBe(0);
  });
});
