import { ERROR_CODES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '@kettle/shared';
import { comments } from '../../db/schema.js';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { balanceOf, buildPost } from '../../../test/posts-kit.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf, me } from '../../../test/http.js';
import { freezeClock, status, turnOnTwoFactor } from '../../../test/two-factor-kit.js';

/** NODE_ENV=production, as a deployment runs; the dev checkout stands in for Stripe's keys. */
const PRODUCTION = { NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true' };

let production: TestApp;
let development: TestApp;
let clock: ReturnType<typeof freezeClock>;
beforeAll(async () => {
  [production, development] = await Promise.all([createTestApp({ env: PRODUCTION }), createTestApp()]);
});
beforeEach(() => {
  clock = freezeClock();
});
afterEach(() => clock.release());
afterAll(async () => {
  await Promise.all([production.teardown(), development.teardown()]);
});

const adminList = (app: TestApp, access: string) =>
  app.inject({ method: 'GET', url: `${API}/users/admin/all`, headers: bearer(access) });
const adminCategory = (app: TestApp, access: string) =>
  app.inject({ method: 'POST', url: `${API}/categories/admin/`, headers: bearer(access), payload: { name: 'Gossip' } });

describe('in production, admins must have two-factor sign-in', () => {
  it('refuses an admin without it on admin routes with 403 TWO_FACTOR_REQUIRED, and says so on /auth/me', async () => {
    expect(production.ctx.config.isProduction).toBe(true);
    const admin = await buildUser(production, { isAdmin: true });
    const { access } = await tokensFor(production, admin);
    for (const res of [await adminList(production, access), await adminCategory(production, access)]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        detail: TWO_FACTOR_MESSAGES.requiredForAdmins,
        code: ERROR_CODES.twoFactorRequired,
      });
    }
    const profile = await me(production, access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ is_admin: true, two_factor_enabled: false, two_factor_required: true });
    expect((await status(production, access)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: true,
    });
  });

  it('lets the admin reach setup and enable, and opens the admin routes once it is on', async () => {
    const admin = await buildUser(production, { isAdmin: true });
    const { access } = await tokensFor(production, admin);
    await turnOnTwoFactor(production, access);
    expect((await adminList(production, access)).statusCode).toBe(200);
    expect((await me(production, access)).json()).toMatchObject({
      two_factor_enabled: true,
      two_factor_required: false,
    });
    expect((await status(production, access)).json()).toMatchObject({ required: false });
  });

  it('does not require it of a member', async () => {
    const member = await buildUser(production);
    const { access } = await tokensFor(production, member);
    expect((await me(production, access)).json()).toMatchObject({
      two_factor_enabled: false,
      two_factor_required: false,
    });
    expect((await status(production, access)).json()).toMatchObject({ required: false });
    const refused = await adminList(production, access);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe(ERROR_CODES.forbidden);
  });
});

describe('in production, an admin without it acts as a member everywhere', () => {
  it('gets no admin power outside the admin routes until it is on, then all of it', async () => {
    const admin = await buildUser(production, { isAdmin: true, coins: 200 });
    const author = await buildUser(production);
    const pending = await buildPost(production, author.id, { status: 'pending' });
    const published = await buildPost(production, author.id, { status: 'approved', unlockPrice: 40 });
    const [theirs] = await production.ctx.db
      .insert(comments)
      .values({ postId: published.id, userId: author.id, content: 'A comment by the author.' })
      .returning();
    const { access } = await tokensFor(production, admin);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      production.inject({ method, url: `${API}${url}`, headers: bearer(access), payload });
    const card = async () =>
      (await call('GET', '/posts/')).json<{ data: Array<{ id: string; is_locked: boolean }> }>().data;

    // As a member: the pending tea is not there, paid content is locked, the conversation closed.
    expect((await call('GET', `/posts/${pending.id}`)).statusCode).toBe(404);
    expect((await card()).find((row) => row.id === published.id)?.is_locked).toBe(true);
    expect((await call('GET', `/posts/?search=${published.taggedHandle.slice(1)}`)).json()).toMatchObject({
      data: [{ id: published.id, is_locked: true }],
    });
    const vote = await call('POST', `/posts/${published.id}/vote`);
    expect([vote.statusCode, errorOf(vote).detail]).toEqual([403, COMMENT_MESSAGES.locked]);
    const comment = await call('POST', `/posts/${published.id}/comments`, { content: 'An admin note.' });
    expect([comment.statusCode, errorOf(comment).detail]).toEqual([403, COMMENT_MESSAGES.locked]);
    expect((await call('DELETE', `/comments/${theirs?.id}`)).statusCode).toBe(403);
    expect(await balanceOf(production, admin.id)).toBe(200);
    // /auth/me still names the account an admin, so the pages can lead it to setup.
    expect((await me(production, access)).json()).toMatchObject({ is_admin: true, two_factor_required: true });

    await turnOnTwoFactor(production, access);
    expect((await call('GET', `/posts/${pending.id}`)).statusCode).toBe(200);
    expect((await card()).find((row) => row.id === published.id)?.is_locked).toBe(false);
    expect((await call('POST', `/posts/${published.id}/unlock`)).json()).toMatchObject({ coin_balance: 200 });
    expect((await call('DELETE', `/comments/${theirs?.id}`)).statusCode).toBe(204);
  });

  it('pays for an unlock as a member does', async () => {
    const admin = await buildUser(production, { isAdmin: true, coins: 100 });
    const author = await buildUser(production);
    const published = await buildPost(production, author.id, { status: 'approved', unlockPrice: 40 });
    const { access } = await tokensFor(production, admin);
    const unlocked = await production.inject({
      method: 'POST',
      url: `${API}/posts/${published.id}/unlock`,
      headers: bearer(access),
    });
    expect(unlocked.json()).toMatchObject({ coin_balance: 60, post: { is_locked: false } });
  });
});

describe('outside production', () => {
  it('leaves admins free to use admin tools without it', async () => {
    const admin = await buildUser(development, { isAdmin: true });
    const { access } = await tokensFor(development, admin);
    expect((await adminList(development, access)).statusCode).toBe(200);
    expect((await me(development, access)).json()).toMatchObject({ two_factor_required: false });
  });
});
