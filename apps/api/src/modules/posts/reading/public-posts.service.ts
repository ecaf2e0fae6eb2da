import { POST_CARD_MESSAGES, type PostCardList, type PostDetail, type PostListQuery } from '@kettle/shared';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { posts } from '../../../db/schema.js';
import { toPostCard } from './public-posts.presenter.js';
import { loadReadContext, presentPostDetail } from './read-context.js';
import { findPost } from '../posts.repository.js';
import { isUuid } from '../../../lib/ids.js';
import { canSee, type Viewer } from '../access/rule.js';
import { countListed, publicListWhere, searchPage, searchScope, slicedSearch, wholeHandle } from '../search/search.js';
import { postNotFound } from '../access/gate.js';
import { namesNothing } from '../search/search-names.js';

/**
 * GET /posts/: approved posts, newest first, one page with its total. A visitor's searches are
 * limited per address, and a signed-in account's whole-handle searches per account (from any
 * address), so guessing whole handles stays slow for both. An admin reads every post anyway.
 */
export async function listPublicPosts(
  ctx: AppContext,
  viewer: Viewer,
  query: PostListQuery,
  ip: string,
): Promise<PostCardList> {
  if (query.search && !viewer) await ctx.limits.hit('searchPerIp', ip, POST_CARD_MESSAGES.searchTooMany);
  if (query.search && viewer && !viewer.isAdmin && wholeHandle(query.search) !== null) {
    await ctx.limits.hit('handleSearchPerAccount', viewer.id, POST_CARD_MESSAGES.searchTooManySignedIn);
  }
  const { rows, metadata } = await findListPage(ctx, viewer, query);
  const context = await loadReadContext(ctx.db, rows, viewer, ctx.secret);
  return { data: rows.map((row) => toPostCard(row, context)), metadata };
}

/** One page of the list's rows and its metadata, as the viewer's search scope allows. */
export async function findListPage(ctx: AppContext, viewer: Viewer, query: PostListQuery) {
  const scope = query.search ? await searchScope(ctx.db, viewer, query, (term) => namesNothing(ctx, term)) : null;
  const where = publicListWhere(query, scope);
  const { rows, total } = scope
    ? await searchPage(ctx.db, where, query, scope.namedMatches, slicedSearch(query, scope))
    : await browse(ctx, where, query);
  const metadata = { total_elements: total.total, skip: query.skip, limit: query.limit, total_capped: total.capped };
  return { rows, metadata };
}

/** Browsing and filters: the newest-first page and the exact total from the kept counts. */
async function browse(ctx: AppContext, where: SQL | undefined, query: PostListQuery) {
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .offset(query.skip)
      .limit(query.limit),
    countListed(ctx.db, query),
  ]);
  return { rows, total };
}

/** GET /posts/{id}: unpublished posts answer 404 to everyone but their author and admins. */
export async function getPostDetail(ctx: AppContext, viewer: Viewer, id: string): Promise<PostDetail> {
  const row = await findPost(ctx.db, id);
  if (!row || !canSee(viewer, row)) throw postNotFound();
  return presentPostDetail(ctx.db, row, viewer, ctx.secret);
}

/** The reversal's author and admins also see it while it is pending. */
function reversalVisibleTo(viewer: Viewer): SQL | undefined {
  const approved = eq(posts.status, 'approved');
  if (!viewer) return approved;
  if (viewer.isAdmin) return or(approved, eq(posts.status, 'pending'));
  return or(approved, and(eq(posts.status, 'pending'), eq(posts.authorId, viewer.id)));
}

/** GET /posts/{id}/reversal: the reversal of original {id}, the approved one first. */
export async function getReversalOf(ctx: AppContext, viewer: Viewer, originalId: string): Promise<PostDetail> {
  if (!isUuid(originalId)) throw postNotFound();
  const [row] = await ctx.db
    .select()
    .from(posts)
    .where(and(eq(posts.originalPostId, originalId), reversalVisibleTo(viewer)))
    .orderBy(sql`${posts.status} = 'approved' desc`, desc(posts.createdAt))
    .limit(1);
  if (!row) throw postNotFound();
  return presentPostDetail(ctx.db, row, viewer, ctx.secret);
}
