import type { MyPostList } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { buildPost, expectInvariants, signedIn, type Auth } from '../../../../test/posts-kit.js';
import { approvedPost, detailOf, emptyPotCall, getPost, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const myRefusals = async (auth: Auth) => {
  const res = await app.inject({ method: 'GET', url: `${API}/posts/me?limit=100`, headers: auth });
  return new Map(res.json<MyPostList>().data.map((post) => [post.id, post.empty_pot_refusal]));
};

/** Three teas of one author: one nobody unlocked, one a reader unlocked, one rejected. */
async function threeTeas() {
  const author = await signedIn(app, { coins: 100 });
  const free = await approvedPost(app, author.user.id);
  const unlocked = await approvedPost(app, author.user.id);
  const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
  const reader = await signedIn(app, { coins: 40 });
  expect((await unlock(app, reader.auth, unlocked.id)).statusCode).toBe(200);
  return { author, reader, free, unlocked, rejected };
}

describe('empty_pot_refusal: whether the author may empty the pot travels with the post', () => {
  it('on My Teas: null when never unlocked, unlocked once another reader paid, rejected for a rejected tea', async () => {
    const { author, free, unlocked, rejected } = await threeTeas();
    const refusals = await myRefusals(author.auth);
    expect(refusals.get(free.id)).toBeNull();
    expect(refusals.get(unlocked.id)).toBe('unlocked');
    expect(refusals.get(rejected.id)).toBe('rejected');
  });

  it("on the author's detail the same; everyone else reads not_author", async () => {
    const { author, reader, free, unlocked, rejected } = await threeTeas();
    expect(detailOf(await getPost(app, free.id, author.auth)).empty_pot_refusal).toBeNull();
    expect(detailOf(await getPost(app, unlocked.id, author.auth)).empty_pot_refusal).toBe('unlocked');
    expect(detailOf(await getPost(app, rejected.id, author.auth)).empty_pot_refusal).toBe('rejected');
    const admin = await signedIn(app, { isAdmin: true });
    for (const auth of [reader.auth, admin.auth, {}]) {
      expect(detailOf(await getPost(app, free.id, auth)).empty_pot_refusal).toBe('not_author');
    }
  });

  it('agrees with what DELETE /empty-pot then does', async () => {
    const { author, free, unlocked, rejected } = await threeTeas();
    expect((await emptyPotCall(app, author.auth, unlocked.id)).statusCode).toBe(409);
    expect((await emptyPotCall(app, author.auth, rejected.id)).statusCode).toBe(409);
    expect((await emptyPotCall(app, author.auth, free.id)).statusCode).toBe(200);
  });
});
