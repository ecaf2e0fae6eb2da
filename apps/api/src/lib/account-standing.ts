import {
  APPEAL_WINDOW_DAYS,
  BAN_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  ruleTitle,
  type AccountStandingSummary,
  type BanNotice,
} from '@kettle/shared';
import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { UserRow } from '../db/rows.js';
import { accountActions } from '../db/schema.js';
import { AppError } from './app-error.js';
import { suspensionInForce } from './participation.js';

type AccountActionRow = typeof accountActions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A ban or suspension counts until an upheld appeal reverses it or an admin lifts it. */
export const inForce = and(isNull(accountActions.reversedAt), isNull(accountActions.liftedAt));

/** The newest ban and suspension still in force of each account, in one read. */
export async function actionsInForce(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, { ban?: AccountActionRow; suspension?: AccountActionRow }>> {
  const found = new Map<string, { ban?: AccountActionRow; suspension?: AccountActionRow }>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(accountActions)
    .where(and(inArray(accountActions.userId, userIds), inArray(accountActions.kind, ['ban', 'suspension']), inForce))
    .orderBy(desc(accountActions.createdAt), desc(accountActions.id));
  for (const row of rows) {
    const entry = found.get(row.userId) ?? {};
    if (row.kind === 'ban' || row.kind === 'suspension') entry[row.kind] ??= row;
    found.set(row.userId, entry);
  }
  return found;
}

/** The newest ban in force on the account, if any. */
export async function banInForce(db: DbOrTx, userId: string): Promise<AccountActionRow | undefined> {
  return (await actionsInForce(db, [userId])).get(userId)?.ban;
}

/**
 * Deleted, then banned (a ban deactivates), then deactivated, then suspended: the first that holds
 * is what the account is. A suspension shows only while its end is ahead.
 */
export function standingSummary(
  row: UserRow,
  acts: { ban?: AccountActionRow; suspension?: AccountActionRow } = {},
): AccountStandingSummary {
  const none = { since: null, until: null, rule_title: null, action_id: null };
  if (row.deletedAt) return { ...none, state: 'deleted', since: row.deletedAt.toISOString() };
  if (!row.isActive && acts.ban) {
    return {
      ...none,
      state: 'banned',
      since: acts.ban.createdAt.toISOString(),
      rule_title: ruleTitle(acts.ban.rule),
      action_id: acts.ban.id,
    };
  }
  if (!row.isActive) return { ...none, state: 'deactivated' };
  const until = suspensionInForce(row);
  if (until) {
    const action = acts.suspension;
    return {
      state: 'suspended',
      since: action?.createdAt.toISOString() ?? null,
      until: until.toISOString(),
      rule_title: action ? ruleTitle(action.rule) : null,
      action_id: action?.id ?? null,
    };
  }
  return { ...none, state: 'active' };
}

export function banNoticeOf(ban: AccountActionRow, now = Date.now()): BanNotice {
  const appealUntil = new Date(ban.createdAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);
  return {
    reference: ban.id,
    rule_title: ruleTitle(ban.rule),
    message: ban.message,
    banned_at: ban.createdAt.toISOString(),
    appeal_until: appealUntil.toISOString(),
    appeal_path: appealUntil.getTime() > now ? `/moderation?tab=status&reference=${ban.id}` : null,
  };
}

/**
 * Why a deactivated account is refused: a ban in force answers ACCOUNT_BANNED with its rule, date
 * and appeal link, so the member learns what happened; a plain deactivation keeps its message.
 */
export async function refusalOf(db: DbOrTx, user: Pick<UserRow, 'id'>): Promise<AppError> {
  const ban = await banInForce(db, user.id);
  if (!ban) return new AppError(403, ERROR_CODES.accountInactive, MESSAGES.auth.inactive);
  const notice = banNoticeOf(ban);
  return new AppError(
    403,
    ERROR_CODES.accountBanned,
    BAN_MESSAGES.detail(notice.rule_title, notice.banned_at),
    undefined,
    undefined,
    { ban: notice },
  );
}
