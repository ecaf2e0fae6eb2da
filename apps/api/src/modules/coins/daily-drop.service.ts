import { and, eq } from 'drizzle-orm';
import { COIN_MESSAGES, ERROR_CODES, MESSAGES, type DailyDropResult, type DailyDropStatus } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { coinLedger } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { UserRow } from '../../db/rows.js';
import { uniqueViolationConstraint } from '../../lib/pg-errors.js';
import { creditCoins } from './coins.service.js';

/** A day is a UTC calendar day: '2026-11-22'. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

export const nextUtcMidnight = (now: Date): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

export async function dailyDropStatus(ctx: AppContext, user: UserRow, now = new Date()): Promise<DailyDropStatus> {
  const [claimed] = await ctx.db
    .select({ id: coinLedger.id })
    .from(coinLedger)
    .where(
      and(eq(coinLedger.userId, user.id), eq(coinLedger.kind, 'daily_drop'), eq(coinLedger.referenceId, utcDay(now))),
    )
    .limit(1);
  return {
    amount: ctx.config.dailyDropCoins,
    available: !claimed && ctx.config.dailyDropCoins > 0,
    next_drop_at: nextUtcMidnight(now),
  };
}

/** Once per UTC day: the ledger's unique index on (user, day) for daily drops decides races. */
export async function claimDailyDrop(ctx: AppContext, user: UserRow, now = new Date()): Promise<DailyDropResult> {
  if (!user.emailVerifiedAt) throw forbidden(MESSAGES.auth.emailNotVerified, ERROR_CODES.emailNotVerified);
  const amount = ctx.config.dailyDropCoins;
  const taken = () => new AppError(409, ERROR_CODES.conflict, COIN_MESSAGES.dailyDropTaken);
  if (amount <= 0) throw taken();
  try {
    const balance = await creditCoins(ctx.db, {
      userId: user.id,
      amount,
      kind: 'daily_drop',
      reason: 'Daily drop',
      reference: { type: 'day', id: utcDay(now) },
    });
    return { coins_added: amount, coin_balance: balance, next_drop_at: nextUtcMidnight(now) };
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'coin_ledger_daily_drop_key') throw taken();
    throw error;
  }
}
