/**
 * The invariant checker itself (invariants.ts): a tie of paid effects in one microsecond is not a
 * fault, and a charge too many or too few still is. A checker that cried wolf failed CI's outage
 * test on a sound store; one that went quiet would hide a double spend.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { findInvariantViolations } from './invariants.js';
import { postComment } from './conversation-kit.js';
import { signedIn } from './posts-kit.js';
import { approvedPost, unlock } from './reading-kit.js';
import { rowsOf } from '../src/lib/sql-rows.js';

const COMMENT_CHECK = 'comment whose matching charges differ from its ties';

let app: TestApp;
let readerId: string;
beforeAll(async () => {
  app = await createTestApp();
  const author = await signedIn(app);
  const reader = await signedIn(app, { coins: 200 });
  readerId = reader.user.id;
  const post = await approvedPost(app, author.user.id);
  expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
  for (const content of ['First pour.', 'Second pour.']) {
    const res = await postComment(app, reader.auth, post.id, { content });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => app.teardown());

const violations = () => findInvariantViolations(async (text) => rowsOf(await app.ctx.db.execute(sql.raw(text))));
const commentViolations = async () => (await violations()).filter((line) => line.startsWith(COMMENT_CHECK));

describe('the comment charge check', () => {
  it('accepts two comments and their two charges that share one moment', async () => {
    expect(await violations()).toEqual([]);
    // What two transactions starting in the same microsecond write: one now() for both pairs.
    const moment = new Date('2026-11-28T08:00:00.123456Z').toISOString();
    await app.ctx.db.execute(sql`update comments set created_at = ${moment} where user_id = ${readerId}`);
    await app.ctx.db.execute(
      sql`update coin_ledger set created_at = ${moment} where user_id = ${readerId} and kind = 'comment'`,
    );
    expect(await violations()).toEqual([]);
  });

  it('still names a tie that was charged once too often, and one charged too little', async () => {
    const [charge] = rowsOf<{ id: string }>(
      await app.ctx.db.execute(
        sql`insert into coin_ledger (user_id, delta, balance_after, kind, reference_type, reference_id, created_at)
          select user_id, delta, balance_after, kind, reference_type, reference_id, created_at from coin_ledger
          where user_id = ${readerId} and kind = 'comment' limit 1 returning id`,
      ),
    );
    expect(await commentViolations()).toHaveLength(1);
    expect((await commentViolations())[0]).toContain('"ties":2,"charges":3');

    await app.ctx.db.execute(
      sql`delete from coin_ledger where user_id = ${readerId} and kind = 'comment' and id <> ${charge?.id}`,
    );
    expect((await commentViolations())[0]).toContain('"ties":2,"charges":1');
  });
});
