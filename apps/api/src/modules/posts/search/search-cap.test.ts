import type { PostCardList } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { refs, signedIn } from '../../../../test/posts-kit.js';
import { posts } from '../../../db/schema.js';
import { getPosts } from '../../../../test/reading-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const { user } = await signedIn(app);
  const ref = await refs(app);
  const rows = Array.from({ length: 1005 }, (_, i) => ({
    authorId: user.id,
    title: i < 1001 ? `Common tea ${i}` : `Rare tea ${i}`,
    content: 'Enough content to be a real post body.',
    taggedHandle: `@crowd_${i}`,
    categoryId: ref.categoryId,
    stateId: ref.stateId,
    status: 'approved' as const,
  }));
  await app.ctx.db.insert(posts).values(rows);
});
afterAll(() => app.teardown());

const metadataOf = async (query: string) => (await getPosts(app, query)).json<PostCardList>().metadata;

describe('counts', () => {
  it('caps a text search count at 1000 and says so', async () => {
    expect(await metadataOf('?search=common&limit=5')).toEqual({
      total_elements: 1000,
      skip: 0,
      limit: 5,
      total_capped: true,
    });
    expect(await metadataOf('?search=rare')).toMatchObject({ total_elements: 4, total_capped: false });
  });

  it('counts browsing exactly, past the cap', async () => {
    expect(await metadataOf('?limit=1')).toMatchObject({ total_elements: 1005, total_capped: false });
  });

  it('still pages to the skip cap and refuses beyond it', async () => {
    const last = (await getPosts(app, '?skip=1000&limit=100')).json<PostCardList>();
    expect(last.data).toHaveLength(5);
    expect((await getPosts(app, '?skip=1001')).statusCode).toBe(422);
  });
});
