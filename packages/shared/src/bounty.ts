import { z } from './z.js';
import { BOUNTY_LIMITS } from './constants.js';
import { postDetailSchema } from './post-cards.js';

/** Texts of the bounty: the award's answers and refusals, ledger reasons and refund causes. */
export const BOUNTY_MESSAGES = {
  awarded: 'Bounty awarded!',
  awardFailed: 'Failed to award the bounty. Please try again.',
  notAuthor: 'Only the author of this tea can award its bounty.',
  notPublished: 'A bounty can be awarded once the tea is published.',
  notOpen: 'This bounty is no longer open.',
  ownComment: 'You cannot award the bounty to your own comment.',
  otherPost: 'That comment is not on this tea.',
  commentMissing: 'Comment not found.',
  invalidComment: 'Invalid comment ID',
  escrowReason: (title: string) => `Bounty held for "${title}"`,
  awardReason: (title: string) => `Bounty won on "${title}"`,
  refundReason: (title: string) => `Bounty returned: "${title}"`,
  /** Why a bounty went back, completing "…are back in your balance: {why}". */
  refundWhy: {
    rejected: 'the tea was not published',
    emptied: 'you emptied the pot',
    deleted: 'the tea was removed by a moderator',
    expired: `no comment was awarded within ${BOUNTY_LIMITS.expiryDays} days`,
  },
} as const;

export type BountyRefundCause = keyof typeof BOUNTY_MESSAGES.refundWhy;

/** POST /posts/{id}/bounty/award */
export const bountyAwardSchema = z.object({
  comment_id: z.uuid({ error: BOUNTY_MESSAGES.invalidComment }),
});
export type BountyAwardInput = z.input<typeof bountyAwardSchema>;

export const bountyAwardResponseSchema = z.object({
  message: z.literal(BOUNTY_MESSAGES.awarded),
  post: postDetailSchema,
});
export type BountyAwardResponse = z.infer<typeof bountyAwardResponseSchema>;
