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
  notifications,
  postUnlocks,
  postVotes,
  posts,
  purchases,
  removedComments,
  reports,
  subscriptions,
  userBlocks,
} from '../../db/schema.js';
import { toCurrentUser } from './users.presenter.js';

type Row = Record<string, unknown>;

/** API-style keys (snake_case); Dates become ISO strings when the file is serialized. */
const snakeKeys = (row: Row, drop: readonly string[] = []): Row =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !drop.includes(key))
      .map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );

/**
 * Every row of one table that belongs to the user, oldest first. `drop` leaves out what is not
 * theirs to read: the moderator behind an action or a ledger change, derived search columns.
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
    rowsOf(ctx, reports, reports.reporterId, id, reports.createdAt, ['adminNotes', 'resolvedBy']),
    rowsOf(ctx, accountActions, accountActions.userId, id, accountActions.createdAt, ['adminId']),
    rowsOf(ctx, appeals, appeals.userId, id, appeals.createdAt, ['decidedBy', 'reviewedBy']),
    rowsOf(ctx, removedComments, removedComments.userId, id, removedComments.removedAt, ['removedBy']),
    rowsOf(ctx, purchases, purchases.userId, id, purchases.createdAt),
    rowsOf(ctx, subscriptions, subscriptions.userId, id, subscriptions.createdAt),
    rowsOf(ctx, coinLedger, coinLedger.userId, id, coinLedger.createdAt, ['actorId']),
    rowsOf(ctx, notifications, notifications.userId, id, notifications.createdAt),
    rowsOf(ctx, userBlocks, userBlocks.blockerId, id, userBlocks.createdAt),
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
    purchases: bought,
    subscriptions: plans,
    ledger,
    notifications: notices,
    blocks,
    company: company[0] ?? null,
  };
}
