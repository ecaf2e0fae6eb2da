// What the comments section hands each comment, apart from the components (which load lazily).

/** The post page names the box 'Replying to @name'; the reversal page says it in the placeholder (product.md §2). */
export type CommentsVariant = 'post' | 'reversal';

/** The post's bounty as the thread needs it: from the post detail (`can_award_bounty`, `bounty_comment_id`). */
export type ThreadBounty = { amount: number; canAward: boolean; awardedCommentId: string | null };

export const NO_BOUNTY: ThreadBounty = { amount: 0, canAward: false, awardedCommentId: null };
