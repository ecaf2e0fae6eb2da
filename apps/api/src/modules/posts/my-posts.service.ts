import type { MyPost, MyPostList, MyPostsQuery } from '@kettle/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { posts } from '../../db/schema.js';
import { presentOwnPostsCounted } from './reading/read-context.js';
import { searchCondition } from './search/search.js';
import { emptyPotRefusal } from './empty-pot/empty-pot.policy.js';

function myPostsWhere(authorId: string, query: MyPostsQuery): SQL | undefined {
  const filters: SQL[] = [eq(posts.authorId, authorId)];
  if (query.category_id) filters.push(eq(posts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(posts.stateId, query.state_id));
  if (query.status) filters.push(eq(posts.status, query.status));
  if (query.search) {
    const match = searchCondition(query.search);
    if (match) filters.push(match);
  }
  return and(...filters);
}

/** The caller's own posts, newest first, one page with the total. */
export async function listMyPosts(ctx: AppContext, authorId: string, query: MyPostsQuery): Promise<MyPostList> {
  const where = myPostsWhere(authorId, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(posts).where(where),
  ]);
  const own = await presentOwnPostsCounted(ctx.db, rows, ctx.secret);
  const data: MyPost[] = own.map(({ post, unlockCount }) => {
    // Authors read free, so they never hold an unlock row: any unlock is someone else's.
    const refusal = emptyPotRefusal(authorId, { authorId, status: post.status }, unlockCount > 0);
    return { ...post, unlock_count: unlockCount, empty_pot_refusal: refusal };
  });
  return { data, metadata: { total_elements: total?.n ?? 0, skip: query.skip, limit: query.limit } };
}
