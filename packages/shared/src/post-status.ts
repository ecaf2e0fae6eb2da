// The status lists of a tea, without zod: list screens (filter bars, cards) need the values,
// and importing them from posts.ts would pull zod into the web app's first load.

export const POST_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUS_VALUES)[number];

/** none: no bounty (or one set before bounties were escrowed); escrowed: held, awaiting an award. */
export const BOUNTY_STATUS_VALUES = ['none', 'escrowed', 'awarded', 'refunded'] as const;
export type BountyStatus = (typeof BOUNTY_STATUS_VALUES)[number];
