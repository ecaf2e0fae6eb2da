// The readers who spend coins in the P6 scenarios (unlock, vote, comment), written with SQL in the
// dataset step beside the teas, and the coin checks read after the scenarios. Readers sign in
// through the real route, so they get a real password hash, a verified address and coins with the
// ledger row that explains them (the reliability plan's invariant: a balance is its ledger sum).
import argon2 from 'argon2';
import type { Sql } from './databases.js';

export const READER_PASSWORD = 'KettleBench1';
/** Enough for any run: an int column, and a reader spends at most a few hundred thousand. */
export const READER_COINS = 100_000_000;
const READER_PREFIX = 'bench_reader_';
/** P6's "10-way contention on one user": 10 at once, twice as many unlocks as the coins buy. */
export const CONTENTION = { workers: 10, attempts: 40, affordable: 20 };
/**
 * Spends a second an engine here does not reach: sizes the (reader, tea) pairs an unlock or vote
 * scenario may need, since neither can repeat a pair (a repeat counts as an error). On a faster
 * machine the vote's floor and route on PostgreSQL took 14.4k pairs a second between them; on
 * PGlite the routes ran at 3.4k-3.9k, with no floor beside them.
 */
export const SPEND_RATE_CEILING = { postgres: 14_000, pglite: 6_000 };
const CONTENDED = 'bench_contended';
/**
 * What a community of the dataset's size already holds: `voters` earlier readers, each of whom
 * unlocked, upvoted and commented on the newest `teas` teas. Without them post_votes and comments
 * are empty when the dataset is analyzed, and this machine's PostgreSQL runs without autovacuum:
 * each connection keeps the plan it made for an empty table (a sequential scan, for the vote's
 * "voted yet?" and the comment's parent) while the run fills it, as no production database would.
 * Measured at 20k teas: votes 712-1,021 -> 1,775-1,962 req/s, comments 1,232-1,363 -> 2,016.
 */
const EARLIER_VOTES = { voters: 20, teas: 1000 };
const VOTER_PREFIX = 'bench_voter_';

export const readerEmail = (i: number): string => `${READER_PREFIX}${i}@kettle.bench`;
export const CONTENDED_EMAIL = `${CONTENDED}@kettle.bench`;

/**
 * `count` readers named `<prefix><i>` (i from 1), address verified, each with `coins` and the
 * ledger row that explains them; answers their ids.
 */
export async function insertReaders(
  target: Sql,
  { prefix, count, passwordHash, coins }: { prefix: string; count: number; passwordHash: string; coins: number },
): Promise<string[]> {
  const rows = await target.rows<{ id: string }>(
    `with r as (
       insert into users (username, email, password_hash, email_verified_at, coin_balance)
       select '${prefix}' || g, '${prefix}' || g || '@kettle.bench', $2, now(), $3
       from generate_series(1, $1::int) g
       returning id, coin_balance
     ), ledger as (
       insert into coin_ledger (user_id, delta, balance_after, kind, reason)
       select id, coin_balance, coin_balance, 'admin_add', 'bench reader''s coins' from r
     )
     select id from r`,
    [count, passwordHash, coins],
  );
  return rows.map((row) => String(row.id));
}

/**
 * The spending readers and the contended one. `voteUnlocks`: how many of the newest teas every
 * reader has already unlocked (votes and comments need the tea open; each vote needs a (reader,
 * tea) pair of its own).
 */
export async function seedReaders(target: Sql, sizes: { readers: number; voteUnlocks: number }): Promise<void> {
  // The app's own hashing (apps/api/src/lib/passwords.ts: argon2id, the library's defaults), once
  // for all: each reader's sign-in verifies it as for anyone.
  const hash = await argon2.hash(READER_PASSWORD, { type: argon2.argon2id });
  await insertReaders(target, { prefix: READER_PREFIX, count: sizes.readers, passwordHash: hash, coins: READER_COINS });
  // The contended reader starts with nothing: contentionCheck grants their coins.
  await target.run(
    `insert into users (username, email, password_hash, email_verified_at) values ('${CONTENDED}', $1, $2, now())`,
    [CONTENDED_EMAIL, hash],
  );
  await target.run(
    `insert into post_unlocks (user_id, post_id, price_paid)
     select u.id, p.id, 0
     from users u,
          (select id from posts where status = 'approved' order by created_at desc, id desc limit $1) p
     where u.username like '${READER_PREFIX}%'`,
    [sizes.voteUnlocks],
  );
  await seedEarlierVotes(target);
  await target.run('analyze users, post_unlocks, post_votes, comments, posts, coin_ledger');
}

/**
 * EARLIER_VOTES, with the unlocks they need and the teas' vote counts; the voters have no coins
 * left, so their balance is their (empty) ledger's sum.
 */
async function seedEarlierVotes(target: Sql): Promise<void> {
  await target.run(
    `with v as (
       insert into users (username, email, password_hash, email_verified_at)
       select '${VOTER_PREFIX}' || g, '${VOTER_PREFIX}' || g || '@kettle.bench', 'no sign-in', now()
       from generate_series(1, $1::int) g
       returning id
     ), t as (
       select id from posts where status = 'approved' order by created_at desc, id desc limit $2
     ), unlocked as (
       insert into post_unlocks (user_id, post_id, price_paid) select v.id, t.id, 0 from v, t returning 1
     ), voted as (
       insert into post_votes (user_id, post_id) select v.id, t.id from v, t returning 1
     ), commented as (
       insert into comments (post_id, user_id, content)
       select t.id, v.id, 'An earlier reader''s word on this tea.' from v, t returning 1
     )
     update posts p set vote_count = p.vote_count + $1 from t where p.id = t.id`,
    [EARLIER_VOTES.voters, EARLIER_VOTES.teas],
  );
}

/**
 * The teas the spend scenarios walk: `open` are the ones every reader unlocked in the dataset
 * (votes, comments), `locked` the other published ones, oldest last (unlocks; the contention check
 * takes from the end), at the default price so the contended reader's coins buy an exact number.
 * `voteUnlocks`: as given to seedReaders.
 */
async function spendPools(target: Sql, voteUnlocks: number) {
  const rows = await target.rows<{ id: unknown; unlock_price: unknown }>(
    `select id, unlock_price from posts where status = 'approved' order by created_at desc, id desc`,
  );
  const open = rows.slice(0, voteUnlocks).map((r) => String(r.id));
  const locked = rows.slice(voteUnlocks);
  const price = Number(locked.at(-1)?.unlock_price ?? 0);
  const tail = locked.filter((r) => Number(r.unlock_price) === price).slice(-CONTENTION.attempts);
  return {
    open,
    locked: locked.map((r) => String(r.id)).filter((id) => !tail.some((t) => t.id === id)),
    contended: { price, postIds: tail.map((r) => String(r.id)) },
  };
}

/**
 * Gives the contended reader the coins for exactly CONTENTION.affordable unlocks, with their
 * ledger row (in the dataset step: on PGlite the bench cannot write while the server runs).
 */
async function grantContendedCoins(target: Sql, price: number): Promise<void> {
  const coins = price * CONTENTION.affordable;
  await target.run(
    `with u as (
       update users set coin_balance = coin_balance + $2 where email = $1 returning id, coin_balance
     )
     insert into coin_ledger (user_id, delta, balance_after, kind, reason)
     select id, $2, coin_balance, 'admin_add', 'bench contention coins' from u`,
    [CONTENDED_EMAIL, coins],
  );
}

/**
 * The coin invariants after the spends, as the API tests check them (apps/api/test/ledger.ts):
 * no balance below zero, every balance equal to its ledger sum; and for the contended reader, one
 * ledger row and one unlock per successful spend.
 */
export async function coinInvariants(target: Sql) {
  const [totals] = await target.rows(
    `select count(*) filter (where u.coin_balance < 0)::int as negative,
            count(*) filter (where u.coin_balance <> coalesce(l.sum, 0))::int as mismatched,
            count(*)::int as users
     from users u
     left join (select user_id, sum(delta)::bigint as sum from coin_ledger group by user_id) l on l.user_id = u.id`,
  );
  const [contended] = await target.rows(
    `select u.coin_balance::int as balance,
            (select count(*)::int from coin_ledger where user_id = u.id and kind = 'unlock') as ledger_spends,
            (select count(*)::int from post_unlocks where user_id = u.id) as unlocks
     from users u where u.email = $1`,
    [CONTENDED_EMAIL],
  );
  return {
    users: Number(totals?.users),
    negativeBalances: Number(totals?.negative),
    balanceNotLedgerSum: Number(totals?.mismatched),
    contended: {
      balance: Number(contended?.balance),
      ledgerSpends: Number(contended?.ledger_spends),
      unlocks: Number(contended?.unlocks),
    },
  };
}
export type CoinInvariants = Awaited<ReturnType<typeof coinInvariants>>;

/**
 * The whole spend dataset, after the teas: readers, their pre-opened teas, the contended reader's
 * coins, and the lists the scenarios walk. `pairs`: the most (reader, tea) pairs one scenario can
 * use over all its rounds (a vote or an unlock cannot repeat).
 */
export async function prepareSpends(target: Sql, sizes: { readers: number; pairs: number }) {
  const [count] = await target.rows(`select count(*)::int as n from posts where status = 'approved'`);
  const approved = Number(count?.n);
  const voteUnlocks = Math.min(Math.floor(approved / 2), Math.ceil(sizes.pairs / sizes.readers));
  await seedReaders(target, { readers: sizes.readers, voteUnlocks });
  const pools = await spendPools(target, voteUnlocks);
  await grantContendedCoins(target, pools.contended.price);
  // Reader i + 1 at index i, as signInReaders orders their tokens (bench_reader_2 before _10).
  const readers = await target.rows(
    `select id from users where username like '${READER_PREFIX}%' order by length(username), username`,
  );
  const readerIds = readers.map((r) => String(r.id));
  return { approved, readerIds, ...pools };
}
export type SpendDataset = Awaited<ReturnType<typeof prepareSpends>>;
