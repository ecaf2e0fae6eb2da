import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { comments, removedComments } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { POST_ACTION_COSTS } from '../coins/coins.service.js';
import { returnFeeOnce, type AppealRefund } from '../coins/fee-owed.js';

/**
 * Keeps a thread a moderator is about to remove, exactly as the comments table holds it, so an
 * upheld appeal can put it back (issue 14). Oldest first: a reply is always newer than its
 * parent, so restoring in this order never inserts a reply before its parent.
 */
export async function keepRemovedThread(
  tx: Tx,
  comment: { id: string; postId: string; userId: string },
  ids: string[],
  removedBy: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${removedComments} (comment_id, post_id, user_id, removed_by, rows)
    select ${comment.id}, ${comment.postId}, ${comment.userId}, ${removedBy},
      coalesce(jsonb_agg(to_jsonb(c) order by c.created_at, c.id), '[]'::jsonb)
    from ${comments} c where c.id = any(${sql.param(ids)}::uuid[])
    on conflict (comment_id) do update
      set rows = excluded.rows, removed_by = excluded.removed_by, removed_at = now(), restored_at = null`);
}

/**
 * An upheld appeal: the thread comes back, and its author gets the comment fee back once per
 * comment (a wrong removal should cost nothing), whether or not the thread could be put back.
 * The kept record is locked first, so two upholds of the same comment take turns. The fee is the
 * comment's price: its ledger row names the tea, not the comment. Answers the coins.
 */
export async function restoreRemovedComment(tx: Tx, kept: { commentId: string; userId: string }, refund: AppealRefund) {
  await tx.execute(sql`select 1 from ${removedComments} where comment_id = ${kept.commentId} for update`);
  await restoreRemovedThread(tx, kept.commentId);
  return returnFeeOnce(tx, {
    userId: kept.userId,
    paid: { price: POST_ACTION_COSTS.comment },
    target: { type: 'comment', id: kept.commentId },
    refund,
  });
}

/**
 * Puts a removed thread back with its original ids and dates, in one statement (each reply's
 * parent is checked at the statement's end, after the parent went in). Nothing comes back when
 * the comment's own parent has gone since: the answer is false and the thread stays kept.
 */
async function restoreRemovedThread(tx: Tx, commentId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    with kept as (
      select rows from ${removedComments}
      where comment_id = ${commentId} and restored_at is null
      for update
    ), root as (
      select r.* from kept, jsonb_populate_recordset(null::${comments}, kept.rows) r
      where r.id = ${commentId}
        and (r.parent_comment_id is null or exists (select 1 from ${comments} p where p.id = r.parent_comment_id))
    ), restored as (
      insert into ${comments}
      select r.* from kept, jsonb_populate_recordset(null::${comments}, kept.rows) r
      where exists (select 1 from root)
      on conflict (id) do nothing
      returning id
    ), marked as (
      update ${removedComments} set restored_at = now()
      where comment_id = ${commentId} and exists (select 1 from root)
      returning 1
    )
    select (select count(*) from marked)::int as restored`);
  const [row] = rowsOf<{ restored: number }>(result);
  return Number(row?.restored ?? 0) > 0;
}
