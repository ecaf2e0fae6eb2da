import { POST_MESSAGES } from '@kettle/shared';
import type { AppContext } from '../context.js';

/**
 * Spends `bytes` of the user's upload budget (50 MB a minute by default), and answers 429 once it
 * is overspent. Called with what was received, before any image is decoded, so a flood of large
 * files costs its sender a wait instead of costing the server CPU (issue 10, item 15).
 */
export async function chargeUploadBytes(ctx: AppContext, userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await ctx.limits.spend('uploadBytesPerUser', userId, bytes, POST_MESSAGES.uploadBudget);
}
