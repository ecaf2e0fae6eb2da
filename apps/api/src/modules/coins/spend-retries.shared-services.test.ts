import { randomBytes } from 'node:crypto';
import type { UnlockResponse } from '@kettle/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { balanceOf, expectInvariants, ledgerOf, signedIn } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { openPostgres } from '../../db/client.js';

// PostgreSQL only (the embedded run leaves this file out, vitest.config.ts): PGlite has one
// connection, so no two sessions can lock in opposite order or race a SERIALIZABLE snapshot.

/** A second session on the app's database, beside the app's pool. */
async function session(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * Waits until a backend waits for `by`'s own transaction (the reader's row it holds): the spend,
 * stuck behind it; or until the spend answered (it gave up). Waits for the tea `by` locks in a
 * savepoint are not counted.
 */
const spendWaits = (by: pg.Client, answered: () => boolean) =>
  eventually(async () => {
    if (answered()) return true;
    const { rows } = await by.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
       where locktype = 'transactionid' and not granted
         and transactionid::text::bigint = txid_current() % 4294967296`,
    );
    return rows[0]?.n === 1;
  }, 10_000);

async function chargedOnce(app: TestApp, readerId: string, before: number, price: number) {
  expect(await balanceOf(app, readerId)).toBe(before - price);
  expect((await ledgerOf(app, readerId)).filter((row) => row.kind === 'unlock')).toHaveLength(1);
  await expectInvariants(app);
}

describe('a deadlock with another session is run again, not answered 500 (issue 70 item 10)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('unlocks and charges once after two deadlocks in a row', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id, { unlockPrice: 30 });
    const other = await session(String(app.ctx.config.databaseUrl));
    try {
      // The other session holds the reader's row; it never runs the deadlock check itself, so
      // PostgreSQL always breaks the cycle by failing the spend's statement.
      await other.query('begin');
      await other.query(`set local deadlock_timeout = '5min'`);
      await other.query('select 1 from users where id = $1 for update', [reader.user.id]);
      let answered = false;
      const answer = unlock(app, reader.auth, post.id).finally(() => (answered = true));
      for (const round of ['first', 'second']) {
        // The spend share-locks the tea and waits for the reader; locking the tea closes the
        // cycle. The savepoint gives the tea back, so the next run can take it and wait again.
        await spendWaits(other, () => answered);
        await other.query(`savepoint ${round}`);
        await other.query('select 1 from posts where id = $1 for update', [post.id]);
        await other.query(`rollback to savepoint ${round}`);
      }
      await spendWaits(other, () => answered);
      await other.query('commit');
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json<UnlockResponse>().coin_balance).toBe(70);
      await chargedOnce(app, reader.user.id, 100, 30);
    } finally {
      await other.end();
    }
  });
});

describe('a serialization failure is run again, not answered 500 (issue 70 item 10)', () => {
  // A database whose sessions default to SERIALIZABLE, as an operator may configure it.
  const baseUrl = String(process.env.TEST_DATABASE_URL);
  const name = `kettle_test_${randomBytes(6).toString('hex')}`;
  const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  let app: TestApp;
  beforeAll(async () => {
    const admin = await session(baseUrl);
    await admin.query(`create database ${name}`);
    await admin.query(`alter database ${name} set default_transaction_isolation = 'serializable'`);
    await admin.end();
    app = await createTestApp({ database: async () => openPostgres(url), env: { DATABASE_URL: url } });
  });
  afterAll(async () => {
    await app.teardown();
    const admin = await session(baseUrl);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('unlocks and charges once when the reader changed after the statement began', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id, { unlockPrice: 30 });
    const other = await session(url);
    try {
      await other.query('begin');
      await other.query('update users set updated_at = now() where id = $1', [reader.user.id]);
      let answered = false;
      const answer = unlock(app, reader.auth, post.id).finally(() => (answered = true));
      // The spend's snapshot predates the other session's commit: charging the reader's newer row
      // fails with 40001, and only a new run (a new snapshot) can charge it.
      await spendWaits(other, () => answered);
      await other.query('commit');
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json<UnlockResponse>().coin_balance).toBe(70);
      await chargedOnce(app, reader.user.id, 100, 30);
    } finally {
      await other.end();
    }
  });
});
