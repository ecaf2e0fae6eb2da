import { DELETED_USERNAME, type PostCardList, type PostDetail } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { award, publishedBountyTea } from '../../../test/bounty-kit.js';
import { deleteCommentCall, postComment } from '../../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectPagesKeptThrough, statementsOf } from '../../../test/page-cache-kit.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost, getPost, getPosts, unlock } from '../../../test/reading-kit.js';
import { turnOnTwoFactor } from '../../../test/two-factor-kit.js';
import { tokensFor } from '../../../test/factories.js';
import { categories } from '../../db/schema.js';
import { MAX_NAMED_TEAS } from '../../plugins/page-invalidation.js';

/**
 * A username's change (the member's or an admin's) and an account's deletion end the kept pages
 * of the author's teas alone (`namesItsTeas`), an admin's edit those of its tea while it stays in
 * the same lists; a comment's deletion, a company profile and an admin's other account writes (an
 * address and a role included) end none. Before, each of them emptied every server's cache.
 */
describe('the page cache through accounts, comments, companies and admin edits', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    { env: { PAGE_CACHE_MS: '60000' }, build: { sweeps: false } },
  );

  const send = (who: Auth, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `${API}${url}`, headers: who, ...(payload ? { payload } : {}) });
  let names = 0;
  const rename = (auth: Auth) => send(auth, 'PATCH', '/user/profile', { username: `renamed_${++names}` });
  // A list page of each test's own: fixtures write teas straight into the table, which no request announces.
  let lists = 20;
  /** The author's name on the tea's page and on a list page of the test's own, read as a visitor. */
  const namesOn = (teaId: string) => {
    const list = `?skip=0&limit=${++lists}`;
    return async () => [
      (await getPost(app, teaId)).json<PostDetail>().author_username,
      (await getPosts(app, list)).json<PostCardList>().data.find((card) => card.id === teaId)?.author_username,
    ];
  };
  /** Another author's tea page, and what it costs to read again: it must stay the same bytes, free. */
  const untouched = async (teaId: string) => {
    const kept = (await getPost(app, teaId)).body;
    return async () => {
      const again = await statementsOf(app, () => getPost(app, teaId));
      expect(again.res.body).toBe(kept);
      expect(again.sent).toBe(0);
    };
  };
  /** An author's tea read as a visitor, another author's tea page kept beside it, and the generation. */
  const authorAndNeighbour = async () => {
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id);
    const other = await approvedPost(app, (await signedIn(app)).user.id);
    const authorOn = namesOn(tea.id);
    expect(await authorOn()).toEqual([author.user.username, author.user.username]);
    const stillKept = await untouched(other.id);
    const generation = app.ctx.pages.generation();
    /** The write answered 200, started no generation, and only the author's pages show `name`. */
    const shownAfter = async (res: LightMyRequestResponse, name: string) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(app.ctx.pages.generation()).toBe(generation);
      expect(await authorOn()).toEqual([name, name]);
      await stillKept();
    };
    return { author, shownAfter };
  };

  it("shows an author's new name on their teas' pages at once, and keeps every other page", async () => {
    const { author, shownAfter } = await authorAndNeighbour();
    const res = await rename(author.auth);
    await shownAfter(res, res.json<{ username: string }>().username);
  });

  it('keeps every page through a new name for a member with no tea', async () => {
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id);
    const member = await signedIn(app);
    await expectPagesKeptThrough(app, tea.id, [['a new name', 200, () => rename(member.auth)]]);
  });

  it(`starts a new generation for an author of more than ${MAX_NAMED_TEAS} teas`, async () => {
    const author = await signedIn(app);
    for (let i = 0; i <= MAX_NAMED_TEAS; i += 1) await approvedPost(app, author.user.id);
    const generation = app.ctx.pages.generation();
    expect((await rename(author.auth)).statusCode).toBe(200);
    expect(app.ctx.pages.generation()).toBe(generation + 1);
  });

  it("shows a deleted account's teas under the deleted name at once, and keeps every other page", async () => {
    const { author, shownAfter } = await authorAndNeighbour();
    const res = await send(author.auth, 'DELETE', '/users/me', { password: author.user.password });
    await shownAfter(res, DELETED_USERNAME);
  });

  it("ends only an edited tea's pages while the edit leaves it in its lists, and every page once it moves", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const [first, second] = await app.ctx.db.select({ id: categories.id }).from(categories).limit(2);
    if (!first || !second) throw new Error('two seeded categories needed');
    const tea = await approvedPost(app, author.user.id, { categoryId: first.id });
    const other = await approvedPost(app, author.user.id, { categoryId: first.id });
    const list = `?skip=0&limit=${++lists}`;
    const titleOn = async () => [
      (await getPost(app, tea.id)).json<PostDetail>().title,
      (await getPosts(app, list)).json<PostCardList>().data.find((card) => card.id === tea.id)?.title,
    ];
    const edit = (payload: object) =>
      send(admin.auth, 'PUT', `/posts/admin/${tea.id}`, { status: 'approved', ...payload });
    expect(await titleOn()).toEqual([tea.title, tea.title]);
    const stillKept = await untouched(other.id);
    const generation = app.ctx.pages.generation();

    expect((await edit({ title: 'Edited by the moderators' })).statusCode).toBe(200);
    expect(app.ctx.pages.generation()).toBe(generation);
    expect(await titleOn()).toEqual(['Edited by the moderators', 'Edited by the moderators']);
    await stillKept();

    expect((await edit({ category_id: second.id })).statusCode).toBe(200);
    expect(app.ctx.pages.generation()).toBe(generation + 1);
  });

  it("keeps every page through an admin's coins, an address and a role, a two-factor reset, status and every sanction", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id);
    const member = await signedIn(app);
    await turnOnTwoFactor(app, (await tokensFor(app, member.user)).access);
    const act = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => () =>
      send(admin.auth, method, url, payload);
    const them = member.user.id;
    const sanction = { rule: 'respect', message: 'Harassing the subject.' };
    await expectPagesKeptThrough(app, tea.id, [
      ['coins added', 200, act('POST', `/users/admin/${them}/add-coins`, { coins_to_add: 5, reason: 'Prize' })],
      ['a balance set', 200, act('PUT', `/users/admin/${them}/coin-balance`, { coin_balance: 3, reason: 'Fix' })],
      ['two-factor reset', 200, act('DELETE', `/admin/users/${them}/two-factor`)],
      ['deactivated', 200, act('PUT', `/admin/users/${them}/status`, { is_active: false })],
      ['activated', 200, act('PUT', `/admin/users/${them}/status`, { is_active: true })],
      [
        "the author's new address and role",
        200,
        act('PUT', `/admin/users/${author.user.id}`, { email: `moved-${them}@kettle.test`, is_admin: true }),
      ],
      ['a warning', 201, act('POST', `/admin/users/${them}/actions`, { kind: 'warning', ...sanction })],
      ['a suspension', 201, act('POST', `/admin/users/${them}/actions`, { kind: 'suspension', days: 3, ...sanction })],
      ['a ban', 201, act('POST', `/admin/users/${author.user.id}/actions`, { kind: 'ban', ...sanction })],
    ]);
  });

  it('keeps every page through a company profile: made, changed, verified, unverified and deleted', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id);
    const owner = await signedIn(app);
    const handle = `@company_${++names}`;
    let companyId = '';
    await expectPagesKeptThrough(app, tea.id, [
      [
        'a profile made',
        201,
        async () => {
          const res = await send(owner.auth, 'POST', '/company/', { name: 'Kettle Test Co', handle });
          companyId = res.json<{ id: string }>().id;
          return res;
        },
      ],
      ['a profile changed', 200, () => send(owner.auth, 'PUT', '/company/', { description: 'We brew.' })],
      ['verified', 200, () => send(admin.auth, 'POST', `/admin/companies/${companyId}/verify`, { handle })],
      ['unverified', 200, () => send(admin.auth, 'POST', `/admin/companies/${companyId}/unverify`)],
      ['a profile deleted', 204, () => send(owner.auth, 'DELETE', '/company/')],
    ]);
  });

  it("shows an author's name changed by an admin on their teas' pages at once, and keeps every other page", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const { author, shownAfter } = await authorAndNeighbour();
    const username = `admin_named_${++names}`;
    await shownAfter(await send(admin.auth, 'PUT', `/admin/users/${author.user.id}`, { username }), username);
  });

  it("keeps every page through a comment's deletion, the bounty's own included", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app, { coins: 125 });
    const tea = await publishedBountyTea(app, author, admin, 100);
    const helper = await signedIn(app, { coins: 100 });
    expect((await unlock(app, helper.auth, tea.id)).statusCode).toBe(200);
    const commentOn = async () => {
      const res = await postComment(app, helper.auth, tea.id, { content: 'I know who it is.' });
      return res.json<{ comment: { id: string } }>().comment.id;
    };
    const [first, awarded] = [await commentOn(), await commentOn()];
    expect((await award(app, author.auth, tea.id, awarded)).statusCode).toBe(200);
    const bountyComment = async () => (await getPost(app, tea.id, author.auth)).json<PostDetail>().bounty_comment_id;
    expect(await bountyComment()).toBe(awarded);

    await expectPagesKeptThrough(app, tea.id, [
      ['a comment deleted', 204, () => deleteCommentCall(app, helper.auth, first)],
      ["the bounty's comment deleted", 204, () => deleteCommentCall(app, helper.auth, awarded)],
    ]);
    expect(await bountyComment()).toBeNull();
  });
});
