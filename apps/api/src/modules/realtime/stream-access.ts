import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fromRawRow } from '../../db/raw-rows.js';
import { posts, postUnlocks, postVotes, userBlocks, users } from '../../db/schema.js';
import { unauthorized } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { actingAccountOf, claimsOf } from '../../plugins/authenticate.js';
import { refuseConversation } from '../posts/access/gate.js';

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
 * The viewer's account, and the post with everything the viewer's stream needs to know of it, in
 * one statement: thousands of viewers may open (and reopen) streams at once (P7). No row: the
 * token's account is gone. No post id: there is no such post.
 */
async function streamFacts(ctx: AppContext, userId: string, postId: string) {
  const [row] = await ctx.db
    .select({
      // The whole row, as a signed-in request's own read of its user gets it (accountOf).
      account: sql<Record<string, unknown>>`row_to_json(${users})`,
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
    .from(users)
    .leftJoin(posts, isUuid(postId) ? eq(posts.id, postId) : sql`false`)
    .where(eq(users.id, userId))
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
  const claims = await claimsOf(ctx, token);
  const facts = await streamFacts(ctx, claims.sub, postId);
  // Refused as every signed-in call refuses its account, before the post is judged.
  const user = actingAccountOf(ctx.config, facts && fromRawRow(users, facts.account));
  const post =
    facts?.id && facts.authorId !== null && facts.status !== null
      ? { id: facts.id, authorId: facts.authorId, status: facts.status }
      : undefined;
  refuseConversation({ id: user.id, isAdmin: user.isAdmin }, post, facts?.unlocked === true);
  return {
    viewerId: user.id,
    postId: post.id,
    isAuthor: post.authorId === user.id,
    hasVoted: facts?.voted === true,
    blocked: facts && facts.blocked.length > 0 ? new Set(facts.blocked) : NOBODY,
  };
}
