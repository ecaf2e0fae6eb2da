import { eq, sql, type SQL } from 'drizzle-orm';
import { COSTS, ERROR_CODES, PAYMENT_ERROR_CODES, PAYMENT_MESSAGES, type LedgerKind } from '@kettle/shared';
import type { DbOrTx } from '../../db/client.js';
import { coinLedger, users } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import { coinsLedgerTotal } from '../../lib/metrics.js';
import { rowsOf } from '../../lib/sql-rows.js';

type Reference = { type: string; id: string };

export type CreditInput = {
  userId: string;
  amount: number;
  kind: LedgerKind;
  reason?: string;
  actorId?: string;
  reference?: Reference;
};

export type SpendInput = Omit<CreditInput, 'amount'> & { cost: number };

export const insufficientCoins = (cost: number) =>
  new AppError(
    402,
    ERROR_CODES.insufficientCoins,
    `You need ${cost} Tea Coins for this. Buy coins or claim your daily drop.`,
  );

/** A refund or dispute took back coins already spent: no spending until a purchase settles the debt. */
export const accountFrozen = () => forbidden(PAYMENT_MESSAGES.frozen, PAYMENT_ERROR_CODES.accountFrozen);

/** For /metrics: what a ledger row moved, once it is written. */
function countMoved(delta: number): void {
  if (delta > 0) coinsLedgerTotal.inc({ direction: 'credited' }, delta);
  else if (delta < 0) coinsLedgerTotal.inc({ direction: 'debited' }, -delta);
}

const ledgerValues = (input: CreditInput | SpendInput) => sql`
  ${input.kind}, ${input.reason ?? null}, ${input.actorId ?? null},
  ${input.reference?.type ?? null}, ${input.reference?.id ?? null}`;

/**
 * Adds coins and writes the ledger row in one statement, so the balance and the ledger
 * cannot disagree even if the caller forgets a transaction.
 */
export async function creditCoins(db: DbOrTx, input: CreditInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('credit amount must be a positive integer');
  const result = await db.execute(sql`
    with updated as (
      update ${users} set coin_balance = coin_balance + ${input.amount}, updated_at = now()
      where id = ${input.userId}
      returning id, coin_balance
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, actor_id, reference_type, reference_id)
    select id, ${input.amount}, coin_balance, ${ledgerValues(input)}
    from updated
    returning balance_after`);
  const [row] = rowsOf<{ balance_after: number }>(result);
  if (!row) throw new Error(`creditCoins: user ${input.userId} not found`);
  countMoved(input.amount);
  return Number(row.balance_after);
}

/**
 * Takes coins only if the balance covers them and no reversal debt is open: the conditional
 * update is the lock, so two requests racing for the last coins cannot both win. Run it in the
 * transaction that stores the thing being paid for; if that fails, the charge rolls back with it.
 */
export async function spendCoins(db: DbOrTx, input: SpendInput): Promise<number> {
  if (!Number.isInteger(input.cost) || input.cost < 0) throw new Error('cost must be a non-negative integer');
  if (input.cost === 0) return currentBalance(db, input.userId);
  const result = await db.execute(sql`
    with updated as (
      update ${users} set coin_balance = coin_balance - ${input.cost}, updated_at = now()
      where id = ${input.userId} and coin_balance >= ${input.cost} and coin_debt = 0
      returning id, coin_balance
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, actor_id, reference_type, reference_id)
    select id, ${-input.cost}, coin_balance, ${ledgerValues(input)}
    from updated
    returning balance_after`);
  const [row] = rowsOf<{ balance_after: number }>(result);
  if (!row) {
    // Only the refusal pays for this second read: say why, frozen before short.
    const [user] = await db.select({ debt: users.coinDebt }).from(users).where(eq(users.id, input.userId));
    if (user && user.debt > 0) throw accountFrozen();
    throw insufficientCoins(input.cost);
  }
  countMoved(-input.cost);
  return Number(row.balance_after);
}

/** The line a reader's coin history shows for each paid action on a post (SQL format(), %s the title). */
const POST_CHARGE_REASONS = {
  unlock: 'Unlocked "%s"',
  vote: 'Upvoted "%s"',
  comment: 'Commented on "%s"',
};

export type PostChargeAction = keyof typeof POST_CHARGE_REASONS;

/** For /metrics, from a statement that spent through postChargeCtes. */
export const countSpent = (cost: number): void => countMoved(-cost);

/**
 * The `charged` and `ledger` CTEs of a one-statement spend on a post (unlock, vote, comment).
 * The statement defines `due` first: a CTE with a row (user_id, post_id, title, cost, and any
 * column the statement wants back from `charged`) for each spend that may go ahead, at most one
 * per user. The same rules as spendCoins: the conditional update is the lock, so racers for the
 * last coins cannot both win; a cost of 0 charges nothing and writes no ledger row. `charged`
 * returns a row (due's columns and the new coin_balance) only when the spend happened; anything
 * the statement stores should select from it, so nothing is stored unpaid.
 */
export function postChargeCtes(action: PostChargeAction): SQL {
  return sql`charged as (
      update ${users} u
      set coin_balance = u.coin_balance - d.cost,
          updated_at = case when d.cost > 0 then now() else u.updated_at end
      from due d
      where u.id = d.user_id and (d.cost = 0 or (u.coin_balance >= d.cost and u.coin_debt = 0))
      returning d.*, u.coin_balance
    ), ledger as (
      insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, reference_type, reference_id)
      select user_id, -cost, coin_balance, ${action}, format(${POST_CHARGE_REASONS[action]}::text, title), 'post', post_id::text
      from charged where cost > 0
      returning 1
    )`;
}

/** What postChargeCtes's `due` CTE charges for a vote or a comment (an unlock costs the post's price). */
export const POST_ACTION_COSTS = { vote: COSTS.upvote, comment: COSTS.comment } as const;

type ChargedPost = { id: string; title: string; unlockPrice: number };

/**
 * Charges a reader for unlocking, upvoting or commenting on a post, at its price, in the
 * caller's transaction (see spendCoins), with the ledger row pointing at the post.
 */
export function chargeForPost(
  db: DbOrTx,
  userId: string,
  action: keyof typeof POST_CHARGE_REASONS,
  post: ChargedPost,
): Promise<number> {
  const cost = action === 'unlock' ? post.unlockPrice : action === 'vote' ? COSTS.upvote : COSTS.comment;
  return spendCoins(db, {
    userId,
    cost,
    kind: action,
    reason: POST_CHARGE_REASONS[action].replace('%s', () => post.title),
    reference: { type: 'post', id: post.id },
  });
}

/**
 * A read-only refusal before costly work (decoding uploads): throws what spendCoins would throw
 * if `cost` were charged now. It is only a fast answer; the charge itself stays conditional.
 */
export async function assertCanAfford(db: DbOrTx, userId: string, cost: number): Promise<void> {
  const [user] = await db
    .select({ balance: users.coinBalance, debt: users.coinDebt })
    .from(users)
    .where(eq(users.id, userId));
  if (user && user.debt > 0 && cost > 0) throw accountFrozen();
  if (!user || user.balance < cost) throw insufficientCoins(cost);
}

/**
 * A refund or dispute takes coins back: as many as the balance holds, and the rest becomes
 * `coin_debt` (which freezes spending), so a balance never goes below zero. One statement; the
 * ledger row records what was taken (possibly 0) and its reason says what is still owed.
 */
export async function takeBackCoins(
  db: DbOrTx,
  input: { userId: string; amount: number; kind: LedgerKind; reason: string; reference?: Reference },
): Promise<{ taken: number; owed: number; balance: number; debt: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new Error('take-back amount must be a positive integer');
  const result = await db.execute(sql`
    with old as (
      select id, coin_balance from ${users} where id = ${input.userId} for update
    ), updated as (
      update ${users} u
      set coin_balance = u.coin_balance - least(old.coin_balance, ${input.amount}::int),
          coin_debt = u.coin_debt + (${input.amount}::int - least(old.coin_balance, ${input.amount}::int)),
          updated_at = now()
      from old where u.id = old.id
      returning u.id, u.coin_balance, u.coin_debt, old.coin_balance - u.coin_balance as taken
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, reference_type, reference_id, created_at)
    select id, -taken, coin_balance, ${input.kind},
      ${input.reason} || case when taken < ${input.amount}::int
        then ' (' || (${input.amount}::int - taken) || ' coins owed)' else '' end,
      ${input.reference?.type ?? null}, ${input.reference?.id ?? null}, clock_timestamp()
    from updated
    returning -delta as taken, balance_after, (select coin_debt from updated) as debt`);
  const [row] = rowsOf<{ taken: number; balance_after: number; debt: number }>(result);
  if (!row) throw new Error(`takeBackCoins: user ${input.userId} not found`);
  const taken = Number(row.taken);
  countMoved(-taken);
  return { taken, owed: input.amount - taken, balance: Number(row.balance_after), debt: Number(row.debt) };
}

/**
 * Pays an open reversal debt from the balance (after a purchase credit): the debt shrinks, the
 * balance keeps the rest, and the ledger shows the settlement as its own row, dated after the
 * credit so the history reads in order. Returns the coins settled (0 when nothing was owed).
 */
export async function settleCoinDebt(db: DbOrTx, input: { userId: string; reason: string }): Promise<number> {
  const result = await db.execute(sql`
    with old as (
      select id, coin_balance, coin_debt from ${users}
      where id = ${input.userId} and coin_debt > 0 and coin_balance > 0
      for update
    ), updated as (
      update ${users} u
      set coin_balance = u.coin_balance - least(old.coin_balance, old.coin_debt),
          coin_debt = u.coin_debt - least(old.coin_balance, old.coin_debt),
          updated_at = now()
      from old where u.id = old.id
      returning u.id, u.coin_balance, least(old.coin_balance, old.coin_debt) as settled
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, created_at)
    select id, -settled, coin_balance, 'purchase_reversal', ${input.reason}, clock_timestamp()
    from updated
    returning -delta as settled`);
  const [row] = rowsOf<{ settled: number }>(result);
  const settled = row ? Number(row.settled) : 0;
  countMoved(-settled);
  return settled;
}

/** An admin sets a balance outright; the ledger stores the difference so sums still add up. */
export async function setCoinBalance(
  db: DbOrTx,
  input: { userId: string; balance: number; reason?: string; actorId: string },
): Promise<{ before: number; after: number }> {
  const result = await db.execute(sql`
    with old as (
      select id, coin_balance from ${users} where id = ${input.userId} for update
    ), updated as (
      update ${users} u set coin_balance = ${input.balance}, updated_at = now()
      from old where u.id = old.id
      returning u.id, u.coin_balance, old.coin_balance as before
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, actor_id)
    select id, coin_balance - before, coin_balance, 'admin_set', ${input.reason ?? null}, ${input.actorId}
    from updated
    returning balance_after, balance_after - delta as before`);
  const [row] = rowsOf<{ balance_after: number; before: number }>(result);
  if (!row) throw new Error(`setCoinBalance: user ${input.userId} not found`);
  countMoved(Number(row.balance_after) - Number(row.before));
  return { before: Number(row.before), after: Number(row.balance_after) };
}

/**
 * The whole balance goes when its owner deletes the account (issue 14): one ledger row, so the
 * balance still equals its ledger. Nothing is written for an empty balance. Returns the coins.
 */
export async function forfeitBalance(db: DbOrTx, input: { userId: string; reason: string }): Promise<number> {
  const result = await db.execute(sql`
    with old as (
      select id, coin_balance from ${users} where id = ${input.userId} and coin_balance > 0 for update
    ), updated as (
      update ${users} u set coin_balance = 0, updated_at = now()
      from old where u.id = old.id
      returning u.id, old.coin_balance as before
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason)
    select id, -before, 0, 'account_deleted', ${input.reason} from updated
    returning -delta as forfeited`);
  const [row] = rowsOf<{ forfeited: number }>(result);
  const forfeited = row ? Number(row.forfeited) : 0;
  countMoved(-forfeited);
  return forfeited;
}

export async function currentBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.coinBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

export async function ledgerSum(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId));
  return Number(row?.total ?? 0);
}
