import type { NewCommentEvent, PostStatus } from '@kettle/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, postUnlocks, posts, users } from '../../db/schema.js';
import { POST_ACTION_COSTS, postChargeCtes } from '../coins/coins.service.js';
import { commentEventCte } from '../realtime/post-events.js';
import { actorCte, actorIsAdmin, actorMayAct, actorRow } from '../users/actor.js';
import { namedStatement } from '../../db/prepared.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { isUuid } from '../../lib/ids.js';

export type CommentRow = {
  id: string;
  postId: string;
  userId: string;
  username: string;
  parentCommentId: string | null;
  content: string;
  createdAt: Date;
};

const columns = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  username: users.username,
  parentCommentId: comments.parentCommentId,
  content: comments.content,
  createdAt: comments.createdAt,
};

/** A post's whole conversation with usernames, oldest first (ties by id, so the order is stable). */
export async function postCommentRows(db: DbOrTx, postId: string): Promise<CommentRow[]> {
  return db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/**
 * The comment under a lock until the transaction ends: 'share' while a reply is written under
 * it (a delete of the parent waits, then takes the reply with it), 'update' while deleting.
 * A malformed id names no comment.
 */
export async function lockComment(db: DbOrTx, id: string, strength: 'share' | 'update') {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      parentCommentId: comments.parentCommentId,
    })
    .from(comments)
    .where(eq(comments.id, id))
    .for(strength);
  return row;
}

/** The ids of every reply, at any depth, under a comment (what its deletion takes along). */
export async function descendantIds(db: DbOrTx, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive thread as (
      select id from ${comments} where parent_comment_id = ${id}
      union all
      select c.id from ${comments} c join thread t on c.parent_comment_id = t.id
    )
    select id from thread`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Deletes the comment; replies go with it (parent_comment_id cascades). */
export async function deleteCommentRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}

/** What the comment statement read and did; see commentStatement. The post's facts are null when there is no such post. */
export type CommentOutcome = {
  actor: Record<string, unknown>;
  author_id: string | null;
  status: PostStatus;
  unlocked: boolean;
  parent_found: boolean;
  parent_on_post: boolean | null;
  debt: number;
  /** Set only when the comment was stored and paid for. */
  balance: number | null;
  comment: Record<string, unknown> | null;
  /** Its new_comment event, recorded with it (commentEventCte): id and payload. */
  event_id: number | string | null;
  event_data: NewCommentEvent | null;
};

/**
 * The whole comment in one statement (issue 13, P6): the writer's account (users/actor.ts), the
 * post share-locked as the gate locks it, the parent share-locked as lockComment does (so its
 * deletion waits, then takes the reply along), and the charge, the ledger row and the comment
 * stored only when every rule holds: the account may act, the post is published and open to the
 * writer (author, admin or unlocked), a parent (if named) is on this post, and it is paid for.
 * No row: no such account; otherwise the facts say which refusal applies. `parentId` is null for
 * a top-level comment; `hasParent` with a null id (a malformed one) finds no parent.
 */
export async function commentStatement(
  db: DbOrTx,
  writerId: string,
  postId: string,
  input: { hasParent: boolean; parentId: string | null; content: string; adminsNeedTwoFactor: boolean },
) {
  const values = { userId: writerId, postId, ...input };
  return rowsOf<CommentOutcome>(await comment(db, values))[0];
}

const commenter = sql.placeholder('userId');
const parentId = sql.placeholder('parentId');

const comment = namedStatement(
  'kettle_comment',
  sql`
    with ${actorCte(commenter)}, post as (
      select id, title, author_id, status from ${posts} where id = ${sql.placeholder('postId')} for share
    ), parent as (
      select id, post_id from ${comments} where id = ${parentId}::uuid for share
    ), facts as (
      select post.*,
        exists (select 1 from ${postUnlocks} where user_id = ${commenter} and post_id = post.id) as unlocked,
        exists (select 1 from parent) as parent_found,
        (select post_id = post.id from parent) as parent_on_post
      from post
    ), due as (
      select actor.id as user_id, facts.id as post_id, facts.title, ${POST_ACTION_COSTS.comment}::int as cost
      from facts, actor
      where facts.status = 'approved' and (facts.author_id = actor.id or ${actorIsAdmin} or facts.unlocked)
        and (not ${sql.placeholder('hasParent')}::boolean or facts.parent_on_post) and ${actorMayAct}
    ), ${postChargeCtes('comment')}, stored as (
      insert into ${comments} (post_id, user_id, parent_comment_id, content)
      select post_id, user_id, ${parentId}::uuid, ${sql.placeholder('content')} from charged
      returning *
    ), ${commentEventCte}
    select ${actorRow}, facts.author_id, facts.status, facts.unlocked, facts.parent_found, facts.parent_on_post,
      actor.coin_debt as debt,
      (select coin_balance from charged) as balance,
      (select row_to_json(stored) from stored) as comment,
      (select id from recorded) as event_id,
      (select payload from recorded) as event_data
    from actor left join facts on true`,
);
