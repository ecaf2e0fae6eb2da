import { COMMENT_MESSAGES, ERROR_CODES, MESSAGES } from '@kettle/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { postVotes } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../lib/app-error.js';
import { blockedUserIds } from '../blocks/blocks.repository.js';
import { findPost } from '../posts/posts.repository.js';
import { postNotFound, conversationAccess } from '../posts/access.js';
import { readsFree } from '../posts/reading.policy.js';
import { unlockedPostIds } from '../posts/unlocks.repository.js';
import { findUserById } from '../users/users.repository.js';

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
 * An EventSource cannot send headers, so the access token comes in the query (spec §7); it is
 * checked exactly as the authenticate plugin checks a bearer token, and an inactive account is
 * refused the same way. The stream carries comments, so it is open to whoever may read the
 * post's comments: its author, an admin, or a reader who unlocked it while it is approved.
 * Posts the viewer may not see at all answer 404, as GET /posts/{id} does (reliability Z4).
 */
export async function authorizeStream(
  ctx: AppContext,
  token: string | undefined,
  postId: string,
): Promise<StreamAccess> {
  const claims = token ? await ctx.tokens.verifyAccess(token) : null;
  if (!claims) throw unauthorized();
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw unauthorized();
  if (!user.isActive) throw forbidden(MESSAGES.auth.inactive, ERROR_CODES.accountInactive);

  const post = await findPost(ctx.db, postId);
  if (!post) throw postNotFound();
  const viewer = { id: user.id, isAdmin: user.isAdmin };
  const unlocked = !readsFree(viewer, post) && (await unlockedPostIds(ctx.db, user.id, [post.id])).has(post.id);
  // The very rule GET /posts/{id}/comments applies.
  const access = conversationAccess(viewer, post, unlocked);
  if (access === 'hidden') throw postNotFound();
  if (access === 'locked') throw forbidden(COMMENT_MESSAGES.locked);

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
