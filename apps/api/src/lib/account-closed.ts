import type { AppContext } from '../context.js';

/** Every process hears this topic: an account that may no longer read has its live streams ended. */
export const ACCOUNT_CLOSED_TOPIC = 'accounts:closed';

type AccountClosed = { user_id: string };

/** The closed account's id, or null for a message that is not one. */
export const closedAccountOf = (message: unknown): string | null =>
  typeof message === 'object' && message !== null && typeof (message as AccountClosed).user_id === 'string'
    ? (message as AccountClosed).user_id
    : null;

/**
 * Called once a ban, deactivation or deletion has committed. A stream checks the account only when
 * it opens, so without this it would keep carrying comments to an account that may no longer
 * read them. The bus never rejects; a message lost to a broker outage leaves a stream that the
 * next reconnect refuses (the account is read again then). Realtime listens
 * (modules/realtime/account-closed.ts); the modules that close accounts need not know it.
 */
export async function announceAccountClosed(ctx: Pick<AppContext, 'bus'>, userId: string): Promise<void> {
  await ctx.bus.publish(ACCOUNT_CLOSED_TOPIC, { user_id: userId } satisfies AccountClosed);
}
