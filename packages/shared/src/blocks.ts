import { z } from './z.js';

export const BLOCK_MESSAGES = {
  blocked: (username: string) => `You will no longer see comments from @${username}.`,
  unblocked: (username: string) => `You will see comments from @${username} again.`,
  self: 'You cannot block yourself.',
  empty: "You haven't blocked anyone.",
  failed: 'Failed to update blocked users',
} as const;

export const blockCreateSchema = z.object({ user_id: z.uuid() });
export type BlockCreateInput = z.infer<typeof blockCreateSchema>;

export const blockedUserSchema = z.object({
  user_id: z.uuid(),
  username: z.string(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockListSchema = z.object({ blocks: z.array(blockedUserSchema) });
export type BlockList = z.infer<typeof blockListSchema>;
