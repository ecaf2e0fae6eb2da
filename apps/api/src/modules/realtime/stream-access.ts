import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { posts, postUnlocks, postVotes, userBlocks } from '../../db/schema.js';
import { unauthorized } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { userForAccessToken } from '../../plugins/authenticate.js';
import { refuseConversation } from '../posts/access.js';

/** Who watches which post, and the viewer's state the stream personalises events with. */
export type StreamAccess = {
  viewerId: string;
  postId: string;
  isAuthor: boolean;
  /** Whether the viewer had upvoted the post when the stream opened. */
  hasVoted: boolean;
  /** Users whose comments this viewer blocked, as of the stream's opening. */
  blocked: ReadonlySet<string>;
};

/** Most viewers block nobody: they share one empty set rather than hold ~170 bytes each (P7). */
const NOBODY: ReadonlySet<string> = new Set();

/**
 * The post and everything the viewer's stream needs to know of it, in one statement: thousands
 * of viewers may open (and reopen) streams at once, so an open costs the token's user and this.
 */
async function streamFacts(ctx: AppContext, userId: string, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await ctx.db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      status: posts.status,
      unlocked: sql<boolean>`exists (select 1 from ${postUnlocks} where ${and(
        eq(postUnlocks.userId, userId),
        eq(postUnlocks.postId, posts.id),
      )})`,
      voted: sql<boolean>`exists (select 1 from ${postVotes} where ${and(
        eq(postVotes.userId, userId),
        eq(postVotes.postId, posts.id),
      )})`,
      // json, not uuid[]: both drivers parse json the same way.
      blocked: sql<string[]>`(select coalesce(json_agg(${userBlocks.blockedId}), '[]'::json) from ${userBlocks}
        where ${eq(userBlocks.blockerId, userId)})`,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

/**
 * An EventSource cannot send headers, so the access token comes in the query (product.md §7); it is
 * checked by the authenticate plugin, as a bearer token is, and an inactive account is refused
 * the same way. The stream carries comments, so it is open to whoever may read the
 * post's comments (the rule GET /posts/{id}/comments applies): its author, an admin, or a reader
 * who unlocked it while it is approved. Posts the viewer may not see at all answer 404, as
 * GET /posts/{id} does (security.md Z4).
 */
export async function authorizeStream(
  ctx: AppContext,
  token: string | undefined,
  postId: string,
): Promise<StreamAccess> {
  if (!token) throw unauthorized();
  const user = await userForAccessToken(ctx, token);
  const facts = await streamFacts(ctx, user.id, postId);
  refuseConversation({ id: user.id, isAdmin: user.isAdmin }, facts, facts?.unlocked === true);
  return {
    viewerId: user.id,
    postId: facts.id,
    isAuthor: facts.authorId === user.id,
    hasVoted: facts.voted,
    blocked: facts.blocked.length > 0 ? new Set(facts.blocked) : NOBODY,
  };
}
