/** What each ledger kind (apps/api coins.service LedgerKind) means to the person whose coins moved. */
const KIND_LABELS: Record<string, string> = {
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
};

/** A known kind's label; an unknown one ('some_kind') reads 'Some kind' rather than a code. */
export function ledgerKindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}
