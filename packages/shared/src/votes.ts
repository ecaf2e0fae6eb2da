import { z } from 'zod';

/** Spec §8 texts of the upvote button. */
export const VOTE_MESSAGES = {
  upvoted: { title: 'Upvoted', description: 'Your upvote has been recorded successfully.' },
  failed: { title: 'Something went wrong', description: 'Failed to upvote post.' },
  fetchFailed: 'Failed to upvote post',
  alreadyVoted: 'You have already upvoted this post.',
  ownPost: 'You cannot upvote your own tea.',
} as const;

export const voteResponseSchema = z.object({
  message: z.literal(VOTE_MESSAGES.upvoted.description),
  vote_count: z.number().int(),
  has_user_voted: z.literal(true),
  can_vote: z.literal(false),
  coin_balance: z.number().int(),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;
