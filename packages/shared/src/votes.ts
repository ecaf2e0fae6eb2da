import { z } from './z.js';
import { VOTE_MESSAGES } from './votes-constants.js';

export * from './votes-constants.js';

export const voteResponseSchema = z.object({
  message: z.literal(VOTE_MESSAGES.upvoted.description),
  vote_count: z.number().int(),
  has_user_voted: z.literal(true),
  can_vote: z.literal(false),
  coin_balance: z.number().int(),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;
