/**
 * What an unlock's statement costs beside the bare spend's, with no HTTP in the way (P6's floor).
 *
 *   npm run bench:spend-statements -- --posts 20000 --seconds 5 --rounds 3
 *   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
 *    created and dropped)
 *
 * P6 asks unlock, vote and comment for 0.8 of a bare route that only charges and writes the ledger
 * row (bench/lib/baselines.ts SPEND_SQL). This drives five statements through the app's own pool
 * (10 connections, 50 callers at once), in turns, each round alternating, every unlock on a
 * (reader, tea) pair of its own:
 * - the bare spend;
 * - Kettle's unlock statement (posts/unlocks/unlock.statement.ts) in the app's batches, as the route runs
 *   it: the reader's account and the gates, the charge, the ledger row and the unlock row, and the
 *   post's detail read in the same snapshot;
 * - Kettle's gates without the detail: the reader's gate columns, the post's, "not yet unlocked",
 *   the charge, the ledger row and the unlock row, answering only what the route decides with (what
 *   the statement would be if the post's detail came from a cache);
 * - the least an unlock can be: the tea's price read by id, the charge and its ledger row naming
 *   the tea (postChargeCtes), the unlock row; no gate, no detail;
 * - the same without the unlock row, as if the ledger row were the unlock's only record.
 * The last two are not correct unlocks (no gate): they bound from above what any unlock statement
 * could reach. It never fails on a rate; it exits 0 unless the setup or a statement fails.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { namedStatement } from '../apps/api/src/db/prepared.js';
import { postUnlocks, posts, users } from '../apps/api/src/db/schema.js';
import { actorIsAdmin, actorMayAct } from '../apps/api/src/modules/users/actor.js';
import { postChargeCtes } from '../apps/api/src/modules/coins/coins.service.js';
import { unlockInBatch } from '../apps/api/src/modules/posts/unlocks/unlock.statement.js';
import { SPEND_SQL } from './lib/baselines.js';
import { prepareSpends, seed } from './lib/dataset/index.js';
import { positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';
import { pairWalker } from './lib/spend-load.js';

const CALLERS = 50;
const READERS = 50;
/** Unlocks a second no run here reaches (~5k measured): sizes the (reader, tea) pairs needed. */
const RATE_CEILING = 10_000;

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    label: { type: 'string' },
    json: { type: 'string' },
  },
});
const postCount = positiveInt('--posts', values.posts);
const seconds = positiveInt('--seconds', values.seconds);
const rounds = positiveInt('--rounds', values.rounds);

const userId = sql.placeholder('userId');
/** The least an unlock can be; `record`: whether it writes the unlock row. */
const leastUnlock = (record: boolean) =>
  namedStatement(
    `bench_least_unlock_${record}`,
    sql`with due as (
      select ${userId}::uuid as user_id, id as post_id, title, unlock_price as cost
      from ${posts} where id = ${sql.placeholder('postId')}
    ), ${postChargeCtes('unlock')}${
      record
        ? sql`, stored as (
      insert into ${postUnlocks} (user_id, post_id, price_paid) select user_id, post_id, cost from charged returning 1
    )`
        : sql``
    }
    select coin_balance from charged`,
  );
const leastWithRecord = leastUnlock(true);
/** The unlock statement's gates, charge and rows as Kettle has them, the detail and the wide rows left out. */
const gatesOnly = namedStatement(
  'bench_unlock_gates_only',
  sql`with actor as (
      select id, coin_balance, coin_debt, is_admin, two_factor_enabled_at, is_active, email_verified_at, suspended_until
      from ${users} where id = ${userId}
    ), post as (
      select id, title, unlock_price, status, author_id from ${posts} where id = ${sql.placeholder('postId')} for share
    ), due as (
      select actor.id as user_id, post.id as post_id, post.title, post.unlock_price as cost from post, actor
      where post.status = 'approved' and post.author_id <> actor.id and not ${actorIsAdmin} and ${actorMayAct}
        and not exists (select 1 from ${postUnlocks} where user_id = ${userId} and post_id = post.id)
    ), ${postChargeCtes('unlock')}, stored as (
      insert into ${postUnlocks} (user_id, post_id, price_paid) select user_id, post_id, cost from charged returning 1
    )
    select post.id, post.status, post.author_id, actor.coin_balance, (select coin_balance from charged) as charged_balance,
      exists (select 1 from due) as was_due
    from actor left join post on true`,
);
const leastWithoutRecord = leastUnlock(false);

/** `once`: whether it writes an unlock row, and so needs a (reader, tea) pair no run used before. */
type Statement = { name: string; once: boolean; run: (readerId: string, postId: string) => Promise<unknown> };

runBench(async () => {
  await withServedApp('postgres', async ({ app, target }) => {
    await seed(target, postCount);
    // Three statements write unlock rows, each for a warm-up second and `rounds` turns.
    const pairs = 3 * (rounds * seconds + 1) * RATE_CEILING;
    const spend = await prepareSpends(target, { readers: READERS, pairs });
    await target.run('checkpoint');
    const { db } = app.ctx;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const runs: Statement[] = [
      {
        name: 'bare spend (the P6 baseline)',
        once: false,
        run: (reader) => pool.query({ name: 'bench_spend', text: SPEND_SQL, values: [reader] }),
      },
      {
        name: "Kettle's unlock statement",
        once: true,
        run: (reader, post) => unlockInBatch(db, { readerId: reader, postId: post }, false),
      },
      {
        name: "Kettle's gates, no detail",
        once: true,
        run: (reader, post) => gatesOnly(db, { userId: reader, postId: post, adminsNeedTwoFactor: false }),
      },
      {
        name: 'least unlock: price, charge, ledger, unlock row',
        once: true,
        run: (reader, post) => leastWithRecord(db, { userId: reader, postId: post }),
      },
      {
        name: 'least unlock without the unlock row',
        once: false,
        run: (reader, post) => leastWithoutRecord(db, { userId: reader, postId: post }),
      },
    ];
    const walker = pairWalker(READERS, spend.locked, { wrap: false });
    const again = pairWalker(READERS, spend.locked, { wrap: true });
    const drive = async (statement: Statement, ms: number) => {
      let done = 0;
      const end = Date.now() + ms;
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (Date.now() < end) {
            const { reader, postId } = (statement.once ? walker : again).take();
            await statement.run(spend.readerIds[reader] ?? '', postId);
            done += 1;
          }
        }),
      );
      return Math.round(done / (ms / 1000));
    };
    // One second each first: every connection prepares every statement before anything counts.
    for (const statement of runs) await drive(statement, 1000);
    const rates = runs.map(() => [] as number[]);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? runs : [...runs].reverse();
      for (const statement of order) {
        const rate = await drive(statement, seconds * 1000);
        rates[runs.indexOf(statement)]?.push(rate);
        process.stdout.write(`round ${round + 1}: ${statement.name} ${rate}/s\n`);
      }
    }
    if (walker.repeats > 0) throw new Error(`${walker.repeats} unlocks repeated a pair: add pairs`);
    const base = rates[0] ?? [];
    const lines = [
      `# Spend statements on PostgreSQL, ${postCount} teas, ${CALLERS} callers on 10 connections, ${rounds} rounds of ${seconds} s`,
      '',
      '| statement | statements/s per round | ratio to the bare spend |',
      '| --- | --- | --- |',
      ...runs.map((statement, i) => {
        const own = rates[i] ?? [];
        const ratios = own.map((rate, round) => (rate / (base[round] ?? rate)).toFixed(2));
        return `| ${statement.name} | ${own.map((rate) => rate.toLocaleString('en-US')).join(' / ')} | ${ratios.join(' / ')} |`;
      }),
    ];
    const data = runs.map((statement, i) => ({ name: statement.name, rates: rates[i] }));
    writeResults('spend-statements', values.label, lines, { file: values.json, data });
  });
});
