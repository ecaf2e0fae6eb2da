import type { NewCommentEvent, PostStatus, StoredFinding } from '@kettle/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, heldComments, postUnlocks, posts, users } from '../../db/schema.js';
import { POST_ACTION_COSTS, postChargeCtes } from '../coins/coins.service.js';
import { commentEventCte } from '../realtime/post-events.js';
import { actorMayAct, actorRow, askedActorsCte } from '../users/actor.js';
import { mayCommentSql } from '../posts/access/rule.js';
import { askedArrays, spendBatches, spendOutcomes, type SpendAsked } from '../coins/spend-batches.js';
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

/** What the comment statement read and did for a comment; see commentsStatement. The post's facts are null when there is no such post. */
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
  /** Its new_comment event, recorded with it (commentEventCte): id and payload, the answer's comment too. */
  event_id: number | string | null;
  event_data: NewCommentEvent | null;
};

/** A comment asked for: `parentId` null for a top-level one; `hasParent` with a null id (a malformed one) finds no parent. */
export type CommentAsked = SpendAsked & { hasParent: boolean; parentId: string | null; content: string };

/** The comment (or reply) a writer asked for, as both comment statements read it. */
export const commentAsked = (
  readerId: string,
  postId: string,
  input: { content: string; parent_comment_id: string | null },
): CommentAsked => ({
  readerId,
  postId,
  hasParent: Boolean(input.parent_comment_id),
  parentId: input.parent_comment_id && isUuid(input.parent_comment_id) ? input.parent_comment_id : null,
  content: input.content,
});

/** The arrays both comment statements unnest, one entry per asked comment. */
const commentArrays = (asked: readonly CommentAsked[]) => ({
  ...askedArrays(asked),
  parents: asked.map((a) => a.parentId),
  hasParents: asked.map((a) => a.hasParent),
  contents: asked.map((a) => a.content),
});

/**
 * The whole of each comment of a batch in one statement (issue 13, P6): the writer's account
 * (users/actor.ts), the post share-locked as the gate locks it, the parent share-locked as
 * lockComment does (so its deletion waits, then takes the reply along), and the charge, the ledger
 * row and the comment stored only when every rule holds: the account may act, the post takes the
 * writer's comment (posts/access/rule.ts mayComment), a parent (if named) is on this
 * post, and it is paid for. Answers one outcome per asked, in order; undefined: no such account.
 * Otherwise the facts say which refusal applies. A writer is in a batch at most once (their row is
 * charged once a statement; commentInBatch), so `stored` and `recorded` name their rows by writer.
 */
export async function commentsStatement(
  db: DbOrTx,
  asked: readonly CommentAsked[],
  adminsNeedTwoFactor: boolean,
): Promise<Array<CommentOutcome | undefined>> {
  const result = await commentsAt(db, { ...commentArrays(asked), adminsNeedTwoFactor });
  return spendOutcomes<CommentOutcome>(result);
}

/** One comment, in the next comment statement of its database (coins/spend-batches.ts). */
export const commentInBatch = spendBatches({ statement: commentsStatement });

/** A comment the privacy guard holds: what it found, and the flags the moderators filter on. */
export type HeldAsked = CommentAsked & { findings: StoredFinding[]; flags: string[] };
/** What the held-comment statement answers: the comment statement's facts, and the held row's id once paid. */
export type HeldOutcome = Omit<CommentOutcome, 'event_id' | 'event_data'> & { held_id: string | null };

/**
 * The comment statement's twin for a comment the guard holds: the same account, post, parent and
 * charge, in the same order, but the comment goes to `held_comments` and no event is recorded,
 * so nobody but its writer hears of it before a moderator decides.
 */
export async function heldCommentsStatement(
  db: DbOrTx,
  asked: readonly HeldAsked[],
  adminsNeedTwoFactor: boolean,
): Promise<Array<HeldOutcome | undefined>> {
  const result = await heldCommentsAt(db, {
    ...commentArrays(asked),
    findings: asked.map((a) => JSON.stringify(a.findings)),
    flags: asked.map((a) => a.flags.join(',')),
    adminsNeedTwoFactor,
  });
  return spendOutcomes<HeldOutcome>(result);
}

export const heldCommentInBatch = spendBatches({ statement: heldCommentsStatement });

/** The comment statement, storing into `comments` with its event, or (held) into `held_comments` without one. */
const commentsSql = (held: boolean) => sql`
    with asked as (
      select * from unnest(
          ${sql.placeholder('readers')}::uuid[], ${sql.placeholder('posts')}::uuid[],
          ${sql.placeholder('parents')}::uuid[], ${sql.placeholder('hasParents')}::boolean[],
          ${sql.placeholder('contents')}::text[]${held ? sql`, ${sql.placeholder('findings')}::jsonb[], ${sql.placeholder('flags')}::text[]` : sql``}
        ) with ordinality as a(reader_id, post_id, parent_id, has_parent, content, ${held ? sql`findings, flags, ` : sql``}n)
    ), ${askedActorsCte}, post as (
      select asked.n, p.id, p.title, p.author_id, p.status
      from asked join ${posts} p on p.id = asked.post_id for share of p
    ), parent as (
      select asked.n, c.id, c.post_id from asked join ${comments} c on c.id = asked.parent_id for share of c
    ), facts as (
      select post.*,
        exists (select 1 from ${postUnlocks} where user_id = asked.reader_id and post_id = post.id) as unlocked,
        exists (select 1 from parent where parent.n = post.n) as parent_found,
        (select parent.post_id = post.id from parent where parent.n = post.n) as parent_on_post
      from post join asked on asked.n = post.n
    ), due as (
      select facts.n, actor.id as user_id, facts.id as post_id, facts.title, ${POST_ACTION_COSTS.comment}::int as cost
      from facts join actor on actor.n = facts.n join asked on asked.n = facts.n
      where ${mayCommentSql({ post: 'facts', unlocked: sql`facts.unlocked` })}
        and (not asked.has_parent or facts.parent_on_post) and ${actorMayAct}
    ), ${postChargeCtes('comment')}, ${held ? heldStored : published}`;

const published = sql`stored as (
      insert into ${comments} (post_id, user_id, parent_comment_id, content)
      select charged.post_id, charged.user_id, asked.parent_id, asked.content from charged join asked on asked.n = charged.n
      returning *
    ), ${commentEventCte}
    select ${actorRow}, facts.author_id, facts.status, facts.unlocked, facts.parent_found, facts.parent_on_post,
      actor.coin_debt as debt,
      (select coin_balance from charged where charged.n = asked.n) as balance,
      recorded.id as event_id, recorded.payload as event_data
    from asked left join actor on actor.n = asked.n left join facts on facts.n = asked.n
      left join recorded on recorded.payload ->> 'user_id' = asked.reader_id::text
    order by asked.n`;

const heldStored = sql`stored as (
      insert into ${heldComments} (post_id, user_id, parent_comment_id, content, findings, flags, cost)
      select charged.post_id, charged.user_id, asked.parent_id, asked.content, asked.findings,
        string_to_array(asked.flags, ','), charged.cost
      from charged join asked on asked.n = charged.n
      returning id, user_id
    )
    select ${actorRow}, facts.author_id, facts.status, facts.unlocked, facts.parent_found, facts.parent_on_post,
      actor.coin_debt as debt,
      (select coin_balance from charged where charged.n = asked.n) as balance,
      (select stored.id from stored where stored.user_id = asked.reader_id) as held_id
    from asked left join actor on actor.n = asked.n left join facts on facts.n = asked.n
    order by asked.n`;

const commentsAt = namedStatement('kettle_comments', commentsSql(false));
const heldCommentsAt = namedStatement('kettle_held_comments', commentsSql(true));
