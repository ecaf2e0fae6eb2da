import { BLOCK_MESSAGES, type BlockedUser, type BlockList } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import { userBlocks } from '../../db/schema.js';
import { errorOf } from '../../../test/conversation-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const block = (auth: Auth, userId: unknown) =>
  app.inject({ method: 'POST', url: `${API}/users/me/blocks`, headers: auth, payload: { user_id: userId } });
const list = (auth: Auth) => app.inject({ method: 'GET', url: `${API}/users/me/blocks`, headers: auth });
const unblock = (auth: Auth, userId: string) =>
  app.inject({ method: 'DELETE', url: `${API}/users/me/blocks/${userId}`, headers: auth });
const blocksBy = (userId: string) => app.ctx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, userId));

describe('/api/v1/users/me/blocks', () => {
  it('is for signed-in users only', async () => {
    const someone = await signedIn(app);
    expect((await block({}, someone.user.id)).statusCode).toBe(401);
    expect((await list({})).statusCode).toBe(401);
    expect((await unblock({}, someone.user.id)).statusCode).toBe(401);
  });

  it('blocks a user once, however often it is asked, and answers the block', async () => {
    const me = await signedIn(app);
    const them = await signedIn(app);
    const first = await block(me.auth, them.user.id);
    expect(first.statusCode).toBe(200);
    const body = first.json<BlockedUser>();
    expect(body).toMatchObject({ user_id: them.user.id, username: them.user.username });
    const again = await block(me.auth, them.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<BlockedUser>()).toEqual(body);
    expect(await blocksBy(me.user.id)).toHaveLength(1);
    const [stored] = await blocksBy(me.user.id);
    expect(stored?.createdAt.toISOString()).toBe(body.blocked_at);
  });

  it('refuses blocking yourself (422) and unknown users (404)', async () => {
    const me = await signedIn(app);
    const self = await block(me.auth, me.user.id);
    expect(self.statusCode).toBe(422);
    expect(errorOf(self)).toMatchObject({
      detail: BLOCK_MESSAGES.self,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'user_id', message: BLOCK_MESSAGES.self }],
    });
    const unknown = await block(me.auth, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).detail).toBe('User not found.');
    for (const bad of ['junk', undefined, 42]) {
      const res = await block(me.auth, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(errorOf(res).errors?.[0]?.field).toBe('user_id');
    }
    expect(await blocksBy(me.user.id)).toHaveLength(0);
  });

  it("lists the caller's own blocks, newest first", async () => {
    const me = await signedIn(app);
    const other = await signedIn(app);
    const [a, b, c] = await Promise.all([signedIn(app), signedIn(app), signedIn(app)]);
    for (const who of [a, b, c]) expect((await block(me.auth, who.user.id)).statusCode).toBe(200);
    expect((await block(other.auth, a.user.id)).statusCode).toBe(200);
    const res = await list(me.auth);
    expect(res.statusCode).toBe(200);
    const blocks = res.json<BlockList>().blocks;
    expect(blocks.map((row) => row.username)).toEqual([c.user.username, b.user.username, a.user.username]);
    expect(blocks[0]).toEqual({ user_id: c.user.id, username: c.user.username, blocked_at: expect.any(String) });
    expect((await list(other.auth)).json<BlockList>().blocks.map((row) => row.user_id)).toEqual([a.user.id]);
    expect((await list(a.auth)).json<BlockList>()).toEqual({ blocks: [] });
  });

  it('unblocks idempotently: 204 for a block, a repeat, an unknown id or a malformed one', async () => {
    const me = await signedIn(app);
    const them = await signedIn(app);
    const kept = await signedIn(app);
    await block(me.auth, them.user.id);
    await block(me.auth, kept.user.id);
    for (const id of [them.user.id, them.user.id, '00000000-0000-4000-8000-000000000000', 'junk']) {
      const res = await unblock(me.auth, id);
      expect(res.statusCode, id).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await blocksBy(me.user.id)).map((row) => row.blockedId)).toEqual([kept.user.id]);
  });
});
