import type { PostStatus } from '@kettle/shared';
import type { AppContext } from '../../../context.js';
import { isUuid } from '../../../lib/ids.js';
import { accountFrozen, countSpent, insufficientCoins } from '../../coins/coins.service.js';
import { actingAccount, loadActingAccount, type Actor } from '../../users/actor.js';
import { postNotFound, refusePostAction, type PostAction } from './gate.js';

/**
 * What every spend statement (unlock, vote, comment) answers of its spender and tea: the account
 * (users/actor.ts actorRow), the tea's facts (null when there is no such tea), the spender's debt,
 * and for a conversation spend whether they unlocked the tea.
 */
export type SpendFacts = {
  actor: Record<string, unknown>;
  author_id: string | null;
  status: PostStatus;
  debt: number | string;
  unlocked?: unknown;
};

/** How one kind of spend reads its statement's outcome `O`; `P`, the outcome of one that went through. */
export type Settling<O, P extends O> = {
  action: Exclude<PostAction, 'report'>;
  /** What the statement charged, or had to charge: 0 when the spend was free (a tea its reader reads free). */
  cost: (outcome: O) => number;
  /** Whether the spend went through: charged, or free to this spender. */
  done: (outcome: O) => outcome is P;
  /** The spender's balance after it. */
  balanceAfter: (outcome: P) => number | string;
  /** The action's own refusals, after the gate's and before the charge's (a repeat vote, a reply's parent). */
  refuse?: (outcome: O) => void;
};

export type Settled<P> = { user: Actor; outcome: P; balance: number };

/**
 * A spend statement's outcome, judged in one order: the account as every signed-in call judges it
 * (actingAccount), the tea and the viewer's access to it (refusePostAction), the action's own
 * refusals, then the charge (an account frozen by debt, or short of coins). Counts what was spent.
 */
export function settleSpend<O extends SpendFacts, P extends O>(
  ctx: Pick<AppContext, 'config'>,
  outcome: O | undefined,
  settling: Settling<O, P>,
): Settled<P> {
  const user = actingAccount(ctx.config, outcome?.actor ?? null);
  if (!outcome || outcome.author_id === null) throw postNotFound();
  const post = { authorId: outcome.author_id, status: outcome.status };
  refusePostAction(user, post, settling.action, outcome.unlocked === true);
  settling.refuse?.(outcome);
  const cost = settling.cost(outcome);
  if (!settling.done(outcome)) throw Number(outcome.debt) > 0 ? accountFrozen() : insufficientCoins(cost);
  if (cost > 0) countSpent(cost);
  return { user, outcome, balance: Number(settling.balanceAfter(outcome)) };
}

/**
 * A spend on the tea `postId`, from the request to its settled outcome. An id that is no uuid
 * names no tea: the spender's account is still judged first, as the statement would have, then 404.
 */
export async function spendOnPost<O extends SpendFacts, P extends O>(
  ctx: Pick<AppContext, 'db' | 'config'>,
  spenderId: string,
  postId: string,
  run: () => Promise<O | undefined>,
  settling: Settling<O, P>,
): Promise<Settled<P>> {
  if (!isUuid(postId)) {
    await loadActingAccount(ctx, spenderId);
    throw postNotFound();
  }
  return settleSpend(ctx, await run(), settling);
}
