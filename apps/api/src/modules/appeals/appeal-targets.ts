import { APPEAL_DECISION_LABELS, ruleTitle, type AppealDecision, type AppealTarget } from '@kettle/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accountActions, appeals, posts, removedComments, users } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';

/** What an appeal says about the decision it contests, kept with the appeal as it stood. */
export type DecisionFacts = {
  kind: AppealDecision;
  label: string;
  reason: string | null;
  rule_title: string | null;
  title: string | null;
  text: string | null;
  post_id: string | null;
};

/** A decision about one user that is still in force, so it can be appealed and reversed. */
export type StandingDecision = {
  userId: string;
  targetType: AppealTarget;
  targetId: string;
  decisionAt: Date;
  decidedBy: string | null;
  facts: DecisionFacts;
  /** The account's address, which a ban appeal must name. */
  email?: string;
};

const facts = (kind: AppealDecision, rest: Omit<DecisionFacts, 'kind' | 'label'>): DecisionFacts => ({
  kind,
  label: APPEAL_DECISION_LABELS[kind],
  ...rest,
});

/** Teas taken down (rejected, or removed after they were published) and still down. */
async function postDecisions(db: DbOrTx, ids: string[]): Promise<StandingDecision[]> {
  const rows = await db
    .select()
    .from(posts)
    .where(and(inArray(posts.id, ids), eq(posts.status, 'rejected'), isNotNull(posts.rejectedAt)));
  return rows.flatMap((row) => (row.rejectedAt ? [postDecision(row, row.rejectedAt)] : []));
}

function postDecision(row: typeof posts.$inferSelect, rejectedAt: Date): StandingDecision {
  return {
    userId: row.authorId,
    targetType: 'post',
    targetId: row.id,
    decisionAt: rejectedAt,
    decidedBy: row.rejectedBy,
    facts: facts(row.publishedAt ? 'post_removed' : 'post_rejected', {
      reason: row.rejectionReason,
      rule_title: null,
      title: row.title,
      text: row.content,
      post_id: row.id,
    }),
  };
}

/** Comments a moderator removed, kept and not yet put back. */
async function commentDecisions(db: DbOrTx, ids: string[]): Promise<StandingDecision[]> {
  const rows = await db
    .select({ kept: removedComments, postTitle: posts.title })
    .from(removedComments)
    .innerJoin(posts, eq(posts.id, removedComments.postId))
    .where(and(inArray(removedComments.commentId, ids), isNull(removedComments.restoredAt)));
  return rows.map(commentDecision);
}

function commentDecision(row: { kept: typeof removedComments.$inferSelect; postTitle: string }): StandingDecision {
  const [first] = row.kept.rows as Array<{ content?: string }>;
  return {
    userId: row.kept.userId,
    targetType: 'comment',
    targetId: row.kept.commentId,
    decisionAt: row.kept.removedAt,
    decidedBy: row.kept.removedBy,
    facts: facts('comment_removed', {
      reason: null,
      rule_title: null,
      title: row.postTitle,
      text: first?.content ?? null,
      post_id: row.kept.postId,
    }),
  };
}

/** Warnings, suspensions and bans that no appeal has reversed. */
async function actionDecisions(db: DbOrTx, ids: string[]): Promise<StandingDecision[]> {
  const rows = await db
    .select({ action: accountActions, postTitle: posts.title, email: users.email })
    .from(accountActions)
    .innerJoin(users, eq(users.id, accountActions.userId))
    .leftJoin(posts, eq(posts.id, accountActions.postId))
    .where(and(inArray(accountActions.id, ids), isNull(accountActions.reversedAt)));
  return rows.map(actionDecision);
}

function actionDecision(row: {
  action: typeof accountActions.$inferSelect;
  postTitle: string | null;
  email: string;
}): StandingDecision {
  const { action } = row;
  return {
    userId: action.userId,
    targetType: 'action',
    targetId: action.id,
    decisionAt: action.createdAt,
    decidedBy: action.adminId,
    email: row.email,
    facts: facts(action.kind, {
      reason: action.message,
      rule_title: ruleTitle(action.rule),
      title: row.postTitle,
      text: null,
      post_id: action.postId,
    }),
  };
}

const FINDERS = { post: postDecisions, comment: commentDecisions, action: actionDecisions } as const;

/** The decision a target names, if it is still in force; ids must already be valid uuids. */
export const findDecision = async (db: DbOrTx, type: AppealTarget, id: string) => (await FINDERS[type](db, [id]))[0];

type DecisionRef = { type: AppealTarget; id: string };

/** The decisions these targets name that are still in force, in the order given: a query per kind. */
export async function findDecisions(db: DbOrTx, refs: DecisionRef[]): Promise<StandingDecision[]> {
  const kinds = (Object.keys(FINDERS) as AppealTarget[]).filter((type) => refs.some((ref) => ref.type === type));
  const found = await Promise.all(
    kinds.map((type) =>
      FINDERS[type](
        db,
        refs.filter((ref) => ref.type === type).map((ref) => ref.id),
      ),
    ),
  );
  const byKey = new Map(found.flat().map((decision) => [`${decision.targetType}:${decision.targetId}`, decision]));
  return refs.flatMap((ref) => byKey.get(`${ref.type}:${ref.id}`) ?? []);
}

/**
 * The ids of every decision about a user still in force, newest first, with no appeal yet:
 * what the account page offers to appeal. Each source reads its own index.
 */
export async function openDecisionIds(db: DbOrTx, userId: string, since: Date): Promise<DecisionRef[]> {
  const result = await db.execute(sql`
    select 'post' as type, p.id, p.rejected_at as at from ${posts} p
    where p.author_id = ${userId} and p.status = 'rejected' and p.rejected_at > ${since}
      and not exists (select 1 from ${appeals} a where a.target_type = 'post' and a.target_id = p.id and a.decision_at = p.rejected_at)
    union all
    select 'comment', k.comment_id, k.removed_at from ${removedComments} k
    where k.user_id = ${userId} and k.restored_at is null and k.removed_at > ${since}
      and not exists (select 1 from ${appeals} a where a.target_type = 'comment' and a.target_id = k.comment_id and a.decision_at = k.removed_at)
    union all
    select 'action', x.id, x.created_at from ${accountActions} x
    where x.user_id = ${userId} and x.reversed_at is null and x.created_at > ${since}
      and not exists (select 1 from ${appeals} a where a.target_type = 'action' and a.target_id = x.id)
    order by at desc
    limit 50`);
  return rowsOf<{ type: AppealTarget; id: string }>(result).map((row) => ({ type: row.type, id: row.id }));
}
