import type { PostStatus, ReportStatus } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { categories, postImages, postUnlocks, postVotes, posts, reports, states, users } from '../../../db/schema.js';
import { namedStatement } from '../../../db/prepared.js';
import { postChargeCtes } from '../../coins/coins.service.js';
import { askedArrays, spendBatches, spendOutcomes, type SpendAsked } from '../../coins/spend-batches.js';
import { actorMayAct, actorRow, askedActorsCte } from '../../users/actor.js';
import { readsFreeSql, unlockDueSql } from '../access/rule.js';

/**
 * What the unlock statement read and did: the reader's row, and the post's columns (SQL names,
 * all null when there is no such post) and these.
 */
export type UnlockOutcome = Record<string, unknown> & {
  actor: Record<string, unknown>;
  id: string | null;
  status: PostStatus;
  author_id: string;
  category_id: string;
  state_id: string;
  debt: number;
  /** The balance after the charge, or null when nothing was charged. */
  charged_balance: number | null;
  /** Whether this unlock still had to be paid for (not the author's, not an admin, not a repeat). */
  was_due: boolean;
  balance: number;
  category_name: string;
  state_name: string;
  author_username: string;
  images: Array<Record<string, unknown>>;
  has_reversal: boolean;
  unlock_count: number | null;
  voted: boolean;
  report_status: ReportStatus | null;
};

const alreadyUnlocked = sql`exists (select 1 from ${postUnlocks} where user_id = actor.id and post_id = post.id)`;

/**
 * Every unlock of a batch (unlocks.service.ts): `asked` is the readers and teas in order, `n` each
 * one's place, so each row goes back to its request. A reader is in a batch at most once (the
 * charge updates their row, which one statement can do once); a tea may be asked by several.
 */
const unlocks = namedStatement(
  'kettle_unlocks',
  sql`
    with asked as (
      select * from unnest(${sql.placeholder('readers')}::uuid[], ${sql.placeholder('posts')}::uuid[])
        with ordinality as a(reader_id, post_id, n)
    ), ${askedActorsCte}, post as (
      select asked.n, p.* from asked join ${posts} p on p.id = asked.post_id for share of p
    ), due as (
      select post.n, actor.id as user_id, post.id as post_id, post.title, post.unlock_price as cost
      from post join actor on actor.n = post.n
      where ${unlockDueSql({ post: 'post', unlocked: alreadyUnlocked })} and ${actorMayAct}
    ), ${postChargeCtes('unlock')}, stored as (
      insert into ${postUnlocks} (user_id, post_id, price_paid)
      select user_id, post_id, cost from charged
      returning post_id
    )
    select post.*, ${actorRow},
      actor.coin_balance as balance, actor.coin_debt as debt,
      (select coin_balance from charged where charged.n = asked.n) as charged_balance,
      exists (select 1 from due where due.n = asked.n) as was_due,
      (select name from ${categories} where id = post.category_id) as category_name,
      (select name from ${states} where id = post.state_id) as state_name,
      (select username from ${users} where id = post.author_id) as author_username,
      (select coalesce(json_agg(i order by i.position), '[]') from ${postImages} i where i.post_id = post.id) as images,
      exists (select 1 from ${posts} r where r.original_post_id = post.id and r.status = 'approved') as has_reversal,
      -- Only the author and admins see how many unlocked it (read-context.ts).
      case when ${readsFreeSql('post')}
        then (select count(*)::int from ${postUnlocks} where post_id = post.id) end as unlock_count,
      exists (select 1 from ${postVotes} where user_id = actor.id and post_id = post.id) as voted,
      (select status from ${reports}
        where kind = 'post' and reporter_id = actor.id and post_id = post.id limit 1) as report_status,
      asked.n::int as n
    from asked left join actor on actor.n = asked.n left join post on post.n = asked.n
    order by asked.n`,
);

/**
 * The whole of each unlock in one statement for the batch (issue 13, P6), instead of reading the
 * reader, the gate, the insert, the charge and then the post detail again (thirteen statements
 * each): the reader's account (users/actor.ts); the post share-locked as the gate locks it; the
 * charge, the ledger row and the unlock row only when the account may act, the post is published,
 * the reader still owes it, and the balance covers it; and what the detail page shows of the post,
 * read in the same snapshot. Answers one outcome per asked, in order; undefined: no such account.
 * A twin racing past the snapshot's "not yet unlocked" (another server's) breaks the primary key
 * and the statement rolls back whole; its caller runs it again.
 */
export async function unlocksStatement(
  db: DbOrTx,
  asked: readonly SpendAsked[],
  adminsNeedTwoFactor: boolean,
): Promise<Array<UnlockOutcome | undefined>> {
  return spendOutcomes<UnlockOutcome>(await unlocks(db, { ...askedArrays(asked), adminsNeedTwoFactor }));
}

/**
 * One unlock, in the next unlock statement of its database (coins/spend-batches.ts): a reader's
 * unlocks go one batch after another, so their second sees the first's unlock row and charges
 * nothing.
 */
export const unlockInBatch = spendBatches({ statement: unlocksStatement, once: 'post_unlocks_user_id_post_id_pk' });
