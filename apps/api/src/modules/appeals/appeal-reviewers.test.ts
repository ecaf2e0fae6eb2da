import { APPEAL_MESSAGES, APPEAL_REVIEWER_TEXT, type Appeal } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  STATEMENT,
  appealTea,
  decideAppeal,
  eligibleOf,
  myAppealsOf,
  queueOf,
  rejectedTeaOf,
} from '../../../test/appeals-kit.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { expectInvariants, refs, signedIn, type Refs } from '../../../test/posts-kit.js';
import { appeals, posts, users } from '../../db/schema.js';

/**
 * Who reviews an appeal, and what the appellant is told about it: this file's app starts with a
 * single admin, so the promise can be checked while Kettle has one admin and after a second joins.
 */
let app: TestApp;
let ref: Refs;
let lone: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
  lone = await signedIn(app, { isAdmin: true });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const setAdmin = (userId: string, isAdmin: boolean) =>
  app.ctx.db.update(users).set({ isAdmin }).where(eq(users.id, userId));
const appealRow = async (id: string) => (await app.ctx.db.select().from(appeals).where(eq(appeals.id, id)))[0];
const postStatus = async (id: string) =>
  (await app.ctx.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)))[0]?.status;

describe('while Kettle has one admin', () => {
  it('the form, the answer and the list say the admin who decided reviews it, and that admin may', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await rejectedTeaOf(app, ref, author.auth, lone.auth);
    expect(await eligibleOf(app, author.auth)).toMatchObject([{ target_id: post.id, reviewer: 'deciding_admin' }]);

    const made = await appealTea(app, author.auth, post.id);
    expect(made.reviewer).toBe('deciding_admin');
    expect(made.review_block).toBeNull();
    expect((await myAppealsOf(app, author.auth))[0]).toMatchObject({ id: made.id, reviewer: 'deciding_admin' });
    expect((await queueOf(app, lone.auth)).find((row) => row.id === made.id)?.review_block).toBeNull();

    const upheld = await decideAppeal(app, lone.auth, made.id, { status: 'upheld', reason: 'I was wrong.' });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json<Appeal>()).toMatchObject({ status: 'upheld', reviewer: null, review_block: null });
  });

  it("a ban appeal's confirmation says the same", async () => {
    const target = await signedIn(app);
    const ban = await app.inject({
      method: 'POST',
      url: `${API}/admin/users/${target.user.id}/actions`,
      headers: lone.auth,
      payload: { kind: 'ban', rule: 'fair_play', message: 'Second account.' },
    });
    expect(ban.statusCode).toBe(201);
    const filed = await app.inject({
      method: 'POST',
      url: `${API}/appeals/ban`,
      payload: { email: target.user.email, reference: ban.json<{ id: string }>().id, statement: STATEMENT },
      remoteAddress: '203.0.113.40',
    });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({ message: APPEAL_REVIEWER_TEXT.deciding_admin.sent });
  });
});

describe('once a second admin exists', () => {
  it('an appeal says another admin reviews it, and the admin who decided sees it awaiting them', async () => {
    const second = await signedIn(app, { isAdmin: true });
    try {
      const author = await signedIn(app, { coins: 100 });
      const post = await rejectedTeaOf(app, ref, author.auth, lone.auth);
      expect((await eligibleOf(app, author.auth))[0]?.reviewer).toBe('another_admin');
      const made = await appealTea(app, author.auth, post.id);
      expect(made.reviewer).toBe('another_admin');

      expect((await queueOf(app, lone.auth)).find((row) => row.id === made.id)?.review_block).toBe('own_decision');
      expect((await queueOf(app, second.auth)).find((row) => row.id === made.id)?.review_block).toBeNull();
      const refused = await decideAppeal(app, lone.auth, made.id, { status: 'upheld', reason: 'Mine.' });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).detail).toBe(APPEAL_MESSAGES.sameAdmin);
      expect((await decideAppeal(app, second.auth, made.id, { status: 'denied', reason: 'Stands.' })).statusCode).toBe(
        200,
      );
    } finally {
      await setAdmin(second.user.id, false);
    }
  });
});

describe('an admin appealing a decision about themselves', () => {
  it('cannot decide it: 403 with a clear message, nothing changes, and their queue shows it awaiting another admin', async () => {
    const appellant = await signedIn(app, { isAdmin: true, coins: 100 });
    try {
      const post = await rejectedTeaOf(app, ref, appellant.auth, lone.auth);
      // The only other admin took the decision, so they are the one who reviews it.
      expect((await eligibleOf(app, appellant.auth))[0]?.reviewer).toBe('deciding_admin');
      const made = await appealTea(app, appellant.auth, post.id);

      const own = (await queueOf(app, appellant.auth)).find((row) => row.id === made.id);
      expect(own).toMatchObject({ review_block: 'own_appeal', reviewer: 'deciding_admin' });
      for (const status of ['upheld', 'denied']) {
        const res = await decideAppeal(app, appellant.auth, made.id, { status, reason: 'Looks fine to me.' });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).detail).toBe(APPEAL_MESSAGES.ownAppeal);
      }
      expect(await appealRow(made.id)).toMatchObject({ status: 'pending', reviewedBy: null });
      expect(await postStatus(post.id)).toBe('rejected');

      // The admin who decided is the only other admin, so they may review it.
      expect((await queueOf(app, lone.auth)).find((row) => row.id === made.id)?.review_block).toBeNull();
      expect((await decideAppeal(app, lone.auth, made.id, { status: 'upheld', reason: 'Fair.' })).statusCode).toBe(200);
      expect(await postStatus(post.id)).toBe('approved');
    } finally {
      await setAdmin(appellant.user.id, false);
    }
  });

  it('who is the only admin: the appeal waits for another admin, and they still cannot decide it', async () => {
    const appellant = await signedIn(app, { isAdmin: true, coins: 100 });
    try {
      const post = await rejectedTeaOf(app, ref, appellant.auth, lone.auth);
      await setAdmin(lone.user.id, false);
      expect((await eligibleOf(app, appellant.auth))[0]?.reviewer).toBe('awaiting_admin');
      const made = await appealTea(app, appellant.auth, post.id);
      expect(made.reviewer).toBe('awaiting_admin');
      const res = await decideAppeal(app, appellant.auth, made.id, { status: 'upheld', reason: 'Fine.' });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).detail).toBe(APPEAL_MESSAGES.ownAppeal);
      expect(await postStatus(post.id)).toBe('rejected');
    } finally {
      await setAdmin(lone.user.id, true);
      await setAdmin(appellant.user.id, false);
    }
  });
});
