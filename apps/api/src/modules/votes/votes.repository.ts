import type { PostStatus } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postUnlocks, postVotes, posts } from '../../db/schema.js';
import { namedStatement } from '../../db/prepared.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { POST_ACTION_COSTS, postChargeCtes } from '../coins/coins.service.js';
import { voteEventCte } from '../realtime/post-events.js';
import { actorCte, actorIsAdmin, actorMayAct, actorRow } from '../users/actor.js';

/** What the vote statement read and did; see voteStatement. The post's facts are null when there is no such post. */
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
 * The whole vote in one statement and one round trip (issue 13, P6): the voter's account
 * (users/actor.ts), and the charge, the vote row, the ledger row and the counter only when every
 * rule holds: the account may act, the post is published, not the voter's, open to them (admin or
 * unlocked), not voted yet, and paid for, and its vote_update event with them. No row: no such
 * account. Otherwise the facts say which refusal applies. A twin racing past the snapshot's "not
 * voted" breaks the primary key and the statement rolls back whole.
 *
 * The tea's row is locked first (NO KEY UPDATE, as the gate locks it for a vote: access.ts), so
 * voters on one tea queue there and a moderator's reject waits for the vote or the vote sees the
 * rejection. The counter is bumped by `posts_add_vote` (migration 0015): an UPDATE written in this
 * statement would look for the row through the statement's snapshot, older than the lock wait, and
 * queue behind the voters waiting for this one (PostgreSQL broke the cycle by failing votes, at 50
 * voters on one tea); the function's own statement takes a snapshot after the lock and updates the
 * version this vote holds. Before, the lock was a statement of its own in a transaction: four round
 * trips (BEGIN, lock, vote, COMMIT) instead of one.
 */
export async function voteStatement(db: DbOrTx, voterId: string, postId: string, adminsNeedTwoFactor: boolean) {
  return rowsOf<VoteOutcome>(await vote(db, { userId: voterId, postId, adminsNeedTwoFactor }))[0];
}

const postId = sql.placeholder('postId');
const userId = sql.placeholder('userId');

const vote = namedStatement(
  'kettle_vote',
  sql`
    with ${actorCte(userId)}, post as (
      select id, title, author_id, status from ${posts} where id = ${postId} for no key update
    ), facts as (
      select post.*,
        exists (select 1 from ${postUnlocks} where user_id = ${userId} and post_id = post.id) as unlocked,
        exists (select 1 from ${postVotes} where user_id = ${userId} and post_id = post.id) as voted
      from post
    ), due as (
      select actor.id as user_id, facts.id as post_id, facts.title, ${POST_ACTION_COSTS.vote}::int as cost
      from facts, actor
      where facts.status = 'approved' and facts.author_id <> actor.id and (${actorIsAdmin} or facts.unlocked)
        and not facts.voted and ${actorMayAct}
    ), ${postChargeCtes('vote')}, stored as (
      insert into ${postVotes} (user_id, post_id) select user_id, post_id from charged returning post_id
    ), bumped as (
      select post_id as id, posts_add_vote(post_id) as vote_count from stored
    ), ${voteEventCte}
    select ${actorRow}, facts.author_id, facts.status, facts.unlocked, facts.voted, actor.coin_debt as debt,
      (select coin_balance from charged) as balance,
      (select vote_count from bumped) as vote_count,
      (select id from recorded) as event_id
    from actor left join facts on true`,
);
