import type { AppContext } from '../../context.js';
import { DEV_CHECKOUT_LIFETIME_MS, expireAbandonedDevCheckouts } from './dev-expiry.js';
import { applySessionState } from './fulfilment.service.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { checkoutSessionOf } from './providers/provider-objects.js';
import {
  expireUnopenedBefore,
  listPendingBefore,
  markEnded,
  touchPurchase,
  type PurchaseRow,
} from './purchases.repository.js';

/** Stripe's default session life, which Kettle's dev checkout copies. */
export const CHECKOUT_LIFETIME_MS = DEV_CHECKOUT_LIFETIME_MS;
/** Stripe reports an expiry within minutes of it; only after this do we go and ask. */
export const EXPIRY_REPORT_GRACE_MS = 30 * 60 * 1000;
/** Stripe sessions asked about per round; the rest wait for the next one. */
const BATCH = 50;

type CheckoutContext = Pick<AppContext, 'db' | 'payments'>;

/**
 * One Stripe checkout past its life that no notification settled: ask Stripe (closing it there
 * if still open) and apply the answer through the same exactly-once step as the webhook. A
 * session Stripe does not know can never be paid through us, so it ends expired.
 */
async function settleWithProvider(ctx: CheckoutContext, provider: PaymentProvider, purchase: PurchaseRow) {
  const remote = await provider.checkout.closeSession(purchase.providerSessionId);
  if (remote === 'missing') return (await markEnded(ctx.db, purchase.id, 'expired')) !== undefined;
  const session = checkoutSessionOf(remote);
  const outcome = await ctx.db.transaction((tx) => applySessionState(tx, purchase, session));
  // Complete but unpaid: a delayed method is still under way, and Stripe will report its end.
  if (outcome === 'waiting') await touchPurchase(ctx.db, purchase.id);
  return outcome === 'credited' || outcome === 'ended';
}

/**
 * Settles every checkout whose life is over and that is still pending: dev checkouts (whichever
 * provider is active now) and never-opened ones expire; Stripe's are asked of Stripe. Answers how
 * many changed. A Stripe error leaves that row for the next round and is thrown at the end, so
 * the sweep's log says so; without Stripe keys the Stripe rows wait (nobody can say if they were paid).
 */
export async function settleStaleCheckouts(ctx: CheckoutContext, now: Date): Promise<number> {
  let settled = await expireAbandonedDevCheckouts(ctx.db, now.getTime());
  const askAfter = new Date(now.getTime() - CHECKOUT_LIFETIME_MS - EXPIRY_REPORT_GRACE_MS);
  settled += await expireUnopenedBefore(ctx.db, askAfter);
  const stale = await listPendingBefore(ctx.db, 'stripe', askAfter, BATCH);
  if (stale.length === 0 || ctx.payments.active.name !== 'stripe') return settled;
  const stripe = ctx.payments.active;
  const failures: unknown[] = [];
  for (const purchase of stale) {
    try {
      if (await settleWithProvider(ctx, stripe, purchase)) settled += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} stale checkouts could not be settled; ${settled} were`, {
      cause: failures[0],
    });
  }
  return settled;
}
