import type { LedgerKind } from '@kettle/shared';

/** What each ledger kind means to the person whose coins moved: a new kind fails the typecheck here. */
const KIND_LABELS: Record<LedgerKind, string> = {
  signup_bonus: 'Sign-up bonus',
  daily_drop: 'Daily drop',
  demo_grant: 'Demo coins',
  admin_add: 'Added by an admin',
  admin_set: 'Set by an admin',
  refund: 'Refund',
  submit_tea: 'Submitted a tea',
  submit_reversal: 'Submitted a reversal',
  unlock: 'Unlocked a tea',
  empty_pot: 'Emptied the pot',
  vote: 'Upvote',
  comment: 'Comment',
  report: 'Report',
  purchase: 'Coin purchase',
  purchase_reversal: 'Purchase reversed',
  subscription_grant: 'Subscription coins',
  bounty_escrow: 'Bounty held',
  bounty_award: 'Bounty won',
  bounty_refund: 'Bounty returned',
  account_deleted: 'Balance forfeited (account deleted)',
};

/** A known kind's label; an unknown one ('some_kind') reads 'Some kind' rather than a code. */
export function ledgerKindLabel(kind: string): string {
  // The API may know a kind this build does not yet.
  const known = (KIND_LABELS as Partial<Record<string, string>>)[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}
