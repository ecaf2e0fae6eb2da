/** The upvote button's words (no zod here: pages that only show them stay light). */

/** product.md §8 texts of the upvote button. */
export const VOTE_MESSAGES = {
  upvoted: { title: 'Upvoted', description: 'Your upvote has been recorded successfully.' },
  failed: { title: 'Something went wrong', description: 'Failed to upvote post.' },
  fetchFailed: 'Failed to upvote post',
  alreadyVoted: 'You have already upvoted this post.',
  ownPost: 'You cannot upvote your own tea.',
} as const;
