import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { postVotes } from '../../db/schema.js';
import { unauthorized } from '../../lib/app-error.js';
import { userForAccessToken } from '../../plugins/authenticate.js';
import { blockedUserIds } from '../blocks/blocks.service.js';
import { readableConversation } from '../posts/access.js';

/** Who watches which post, and the viewer's state the stream personalises events with. */
export type StreamAccess = {
  viewerId: string;
  postId: string;
  isAuthor: boolean;
  /** Whether the viewer had upvoted the post when the stream opened. */
  hasVoted: boolean;
  /** Users whose comments this viewer blocked, as of the stream's opening. */
  blocked: Set<string>;
};

/**
 * An EventSource cannot send headers, so the access token comes in the query (product.md §7); it is
 * checked by the authenticate plugin, as a bearer token is, and an inactive account is refused
 * the same way. The stream carries comments, so it is open to whoever may read the
 * post's comments: its author, an admin, or a reader who unlocked it while it is approved.
 * Posts the viewer may not see at all answer 404, as GET /posts/{id} does (security.md Z4).
 */
export async function authorizeStream(
  ctx: AppContext,
  token: string | undefined,
  postId: string,
): Promise<StreamAccess> {
  if (!token) throw unauthorized();
  const user = await userForAccessToken(ctx, token);

  // The very rule GET /posts/{id}/comments applies.
  const post = await readableConversation(ctx.db, { id: user.id, isAdmin: user.isAdmin }, postId);

  const [voted, blocked] = await Promise.all([
    ctx.db
      .select({ one: sql<number>`1` })
      .from(postVotes)
      .where(and(eq(postVotes.userId, user.id), eq(postVotes.postId, post.id)))
      .limit(1),
    blockedUserIds(ctx.db, user.id),
  ]);
  return {
    viewerId: user.id,
    postId: post.id,
    isAuthor: post.authorId === user.id,
    hasVoted: voted.length > 0,
    blocked,
  };
}
