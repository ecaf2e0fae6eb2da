import type { AccountExport } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import {
  accountActions,
  appeals,
  coinLedger,
  comments,
  companies,
  heldComments,
  notifications,
  postUnlocks,
  postVotes,
  posts,
  purchases,
  removedComments,
  reports,
  subscriptions,
  userBlocks,
  users,
} from '../../db/schema.js';
import { toCurrentUser } from './users.presenter.js';

type Row = Record<string, unknown>;

/**
 * Columns naming who acted on the member's rows (rejectedBy, verifiedBy, adminId, actorId, and
 * any later `...By`): a moderator's id is not the member's data, whatever table it sits in.
 */
const namesTheActor = (key: string): boolean => key.endsWith('By') || key === 'adminId' || key === 'actorId';

/** API-style keys (snake_case); Dates become ISO strings when the file is serialized. */
const snakeKeys = (row: Row, drop: readonly string[] = []): Row =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !drop.includes(key) && !namesTheActor(key))
      .map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );

/**
 * Every row of one table that belongs to the user, oldest first. `drop` leaves out what is not
 * theirs to read (derived search columns, moderators' notes); actors' ids always go.
 */
async function rowsOf(
  ctx: AppContext,
  table: PgTable,
  owner: AnyPgColumn,
  userId: string,
  order: AnyPgColumn,
  drop: readonly string[] = [],
): Promise<Row[]> {
  const rows = (await ctx.db.select().from(table).where(eq(owner, userId)).orderBy(asc(order))) as Row[];
  return rows.map((row) => snakeKeys(row, drop));
}

/**
 * Comments a moderator removed, with only the member's own rows of each kept thread: the replies
 * by others removed with it are their words, not the member's.
 */
async function removedCommentsOf(ctx: AppContext, userId: string): Promise<Row[]> {
  const kept = await rowsOf(ctx, removedComments, removedComments.userId, userId, removedComments.removedAt);
  return kept.map((row) => ({
    ...row,
    rows: (row.rows as Row[]).filter((comment) => comment.user_id === userId),
  }));
}

/**
 * Whom the member blocked, by the name their blocked list shows: the other member's id is theirs,
 * not the member's, and the name is what the member chose to block.
 */
async function blocksOf(ctx: AppContext, userId: string): Promise<Row[]> {
  return ctx.db
    .select({ blocked_username: users.username, created_at: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
}

/** GET /users/me/export (issue 14): everything Kettle holds about the caller, as one JSON file. */
export async function exportAccount(ctx: AppContext, user: UserRow): Promise<AccountExport> {
  await ctx.limits.hit('exportPerUser', user.id);
  const id = user.id;
  const [
    teas,
    own,
    votes,
    unlocks,
    filed,
    actions,
    appealed,
    removed,
    held,
    bought,
    plans,
    ledger,
    notices,
    blocks,
    company,
  ] = await Promise.all([
    rowsOf(ctx, posts, posts.authorId, id, posts.createdAt, ['searchWords']),
    rowsOf(ctx, comments, comments.userId, id, comments.createdAt),
    rowsOf(ctx, postVotes, postVotes.userId, id, postVotes.createdAt),
    rowsOf(ctx, postUnlocks, postUnlocks.userId, id, postUnlocks.createdAt),
    rowsOf(ctx, reports, reports.reporterId, id, reports.createdAt, ['adminNotes']),
    rowsOf(ctx, accountActions, accountActions.userId, id, accountActions.createdAt),
    rowsOf(ctx, appeals, appeals.userId, id, appeals.createdAt),
    removedCommentsOf(ctx, id),
    rowsOf(ctx, heldComments, heldComments.userId, id, heldComments.createdAt),
    rowsOf(ctx, purchases, purchases.userId, id, purchases.createdAt),
    rowsOf(ctx, subscriptions, subscriptions.userId, id, subscriptions.createdAt),
    rowsOf(ctx, coinLedger, coinLedger.userId, id, coinLedger.createdAt),
    rowsOf(ctx, notifications, notifications.userId, id, notifications.createdAt),
    blocksOf(ctx, id),
    rowsOf(ctx, companies, companies.ownerId, id, companies.createdAt),
  ]);
  return {
    exported_at: new Date().toISOString(),
    profile: toCurrentUser(user, ctx.config),
    teas,
    comments: own,
    votes,
    unlocks,
    reports: filed,
    account_actions: actions,
    appeals: appealed,
    removed_comments: removed,
    held_comments: held,
    purchases: bought,
    subscriptions: plans,
    ledger,
    notifications: notices,
    blocks,
    company: company[0] ?? null,
  };
}
