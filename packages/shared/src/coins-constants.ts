import { formatCount } from './helpers/format-count.js';

/** Coin words and limits (no zod here: pages that only show them stay light). */

const coinWord = (n: number) => (n === 1 ? 'Tea Coin' : 'Tea Coins');

/** '1 Tea Coin', '1,250 Tea Coins'. */
export const teaCoins = (n: number): string => `${formatCount(n)} ${coinWord(n)}`;

export const COIN_MESSAGES = {
  dailyDropClaimed: 'Daily drop claimed',
  dailyDropTaken: "You already claimed today's drop. Come back tomorrow.",
  balanceUpdated: 'User coin balance updated successfully!',
  balanceAdded: 'User coin balance added successfully!',
  /** Said before a paid action whose cost the balance does not cover (issue 10, item 11). */
  shortfall: (missing: number) => `You need ${formatCount(missing)} more ${coinWord(missing)}`,
} as const;

export const COIN_REASON_MIN = 3;

export const COIN_REASON_MAX = 200;

/** product.md §5 'Admin coin dialog': mode add or set, an integer amount, and (ours) the reason. */
export const ADMIN_COIN_MODES = ['add', 'set'] as const;

export type AdminCoinMode = (typeof ADMIN_COIN_MODES)[number];

/** Why a balance changed: every change is one `coin_ledger` row of one of these kinds. */
export const LEDGER_KINDS = [
  'signup_bonus',
  'daily_drop',
  'demo_grant',
  'admin_add',
  'admin_set',
  'refund',
  'submit_tea',
  'submit_reversal',
  'unlock',
  'empty_pot',
  'vote',
  'comment',
  'report',
  'purchase',
  'purchase_reversal',
  'subscription_grant',
  'bounty_escrow',
  'bounty_award',
  'bounty_refund',
  /** The balance forfeited when the account is deleted (issue 14). */
  'account_deleted',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];
