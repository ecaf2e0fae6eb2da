import type { PostStatus } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postUnlocks, postVotes, posts } from '../../db/schema.js';
import { namedStatement } from '../../db/prepared.js';
import { POST_ACTION_COSTS, postChargeCtes } from '../coins/coins.service.js';
import { voteEventCte } from '../realtime/post-events.js';
import { actorMayAct, actorRow, askedActorsCte } from '../users/actor.js';
import { mayVoteSql } from '../posts/access/rule.js';
import { askedArrays, spendBatches, spendOutcomes, type SpendAsked } from '../coins/spend-batches.js';

/** What the vote statement read and did for a vote; see votesStatement. The post's facts are null when there is no such post. */
export type VoteOutcome = {
  actor: Record<string, unknown>;
  author_id: string | null;
  status: PostStatus;
  unlocked: boolean;
  voted: boolean;
  debt: number;
  /** Set only when the vote was stored and paid for. */
  balance: number | null;
  vote_count: number | null;
  /** The vote_update event recorded with the vote (realtime/post-events.ts voteEventCte). */
  event_id: number | string | null;
};

/**
 * The whole of each vote of a batch in one statement (issue 13, P6): the voter's account
 * (users/actor.ts), and the charge, the vote row, the ledger row and the counter only when every
 * rule holds: the account may act, the post takes the voter's vote (posts/access/rule.ts
 * mayVote), not voted yet, and paid for, and its vote_update event with them. Answers one
 * outcome per asked, in order; undefined: no such account. Otherwise the facts say which refusal
 * applies. A batch holds a voter once and a tea once (voteInBatch).
 *
 * The teas' rows are locked first (NO KEY UPDATE, the lock a vote's counter update takes anyway), so
 * voters on one tea queue there and a moderator's reject waits for the vote or the vote sees the
 * rejection. The counters are bumped by `posts_add_votes` (migration 0018), once for the batch: an
 * UPDATE written in this statement would look for the row through the statement's snapshot, older
 * than the lock wait, and queue behind the voters waiting for this one (PostgreSQL broke the cycle
 * by failing votes, at 50 voters on one tea); the function's own statement takes a snapshot after
 * the lock and updates the version this vote holds. One UPDATE per vote (0015) took a fifth of a
 * 16-vote statement's time. Before, the lock was a statement of its own in a transaction: four round
 * trips (BEGIN, lock, vote, COMMIT) instead of one.
 */
export async function votesStatement(
  db: DbOrTx,
  asked: readonly SpendAsked[],
  adminsNeedTwoFactor: boolean,
): Promise<Array<VoteOutcome | undefined>> {
  return spendOutcomes<VoteOutcome>(await votes(db, { ...askedArrays(asked), adminsNeedTwoFactor }));
}

/**
 * One vote, in the next vote statement of its database (coins/spend-batches.ts). A tea is in a
 * batch once too: its counter is bumped by a statement of its own inside this one, and votes on
 * one tea queue on its row anyway. Another server's twin vote breaks the primary key; run again,
 * the batch finds it and answers 409.
 */
export const voteInBatch = spendBatches({
  statement: votesStatement,
  holds: (key) => [`tea ${key.postId}`],
  once: 'post_votes_user_id_post_id_pk',
});

const votes = namedStatement(
  'kettle_votes',
  sql`
    with asked as (
      select * from unnest(${sql.placeholder('readers')}::uuid[], ${sql.placeholder('posts')}::uuid[])
        with ordinality as a(reader_id, post_id, n)
    ), ${askedActorsCte}, post as (
      select asked.n, p.id, p.title, p.author_id, p.status
      from asked join ${posts} p on p.id = asked.post_id for no key update of p
    ), facts as (
      select post.*,
        exists (select 1 from ${postUnlocks} where user_id = asked.reader_id and post_id = post.id) as unlocked,
        exists (select 1 from ${postVotes} where user_id = asked.reader_id and post_id = post.id) as voted
      from post join asked on asked.n = post.n
    ), due as (
      select facts.n, actor.id as user_id, facts.id as post_id, facts.title, ${POST_ACTION_COSTS.vote}::int as cost
      from facts join actor on actor.n = facts.n
      where ${mayVoteSql({ post: 'facts', unlocked: sql`facts.unlocked` })} and not facts.voted and ${actorMayAct}
    ), ${postChargeCtes('vote')}, stored as (
      insert into ${postVotes} (user_id, post_id) select user_id, post_id from charged returning user_id, post_id
    ), bumped as (
      select charged.n, b.id, b.vote_count
      from posts_add_votes(array(select post_id from stored)) b
        join stored on stored.post_id = b.id join charged on charged.user_id = stored.user_id
    ), ${voteEventCte}
    select ${actorRow}, facts.author_id, facts.status, facts.unlocked, facts.voted, actor.coin_debt as debt,
      (select coin_balance from charged where charged.n = asked.n) as balance,
      (select vote_count from bumped where bumped.n = asked.n) as vote_count,
      (select id from recorded where recorded.post_id = asked.post_id) as event_id
    from asked left join actor on actor.n = asked.n left join facts on facts.n = asked.n
    order by asked.n`,
);
