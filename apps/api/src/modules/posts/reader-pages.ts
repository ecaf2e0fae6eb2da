import { postCardListSchema, postCardSchema, type PostCard, type PostListQuery } from '@kettle/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { builtOnce } from '../../db/prepared.js';
import { postUnlocks, users } from '../../db/schema.js';
import { parsedPages } from '../../lib/page-cache.js';
import { usableAccount } from '../../plugins/authenticate.js';
import { actingAs } from '../users/two-factor.policy.js';
import { findListPage } from './public-posts.service.js';
import { toPostCard } from './public-posts.presenter.js';
import { loadReadContext } from './read-context.js';

/**
 * A page of the list (no search) as the page cache keeps it for signed-in readers (performance.md
 * P3): every card in both forms, locked as a visitor sees it and open as its author, an admin or
 * an unlocker sees it, each already the JSON text the route's response schema writes, and who
 * wrote each. The list's membership and order are the same for every reader, so one page serves
 * them all; a reader's answer is those texts joined, so no card is encoded again per request.
 */
type ReaderPage = { ids: string[]; authorIds: string[]; locked: string[]; open: string[]; metadata: string };

const cardText = (card: PostCard) => JSON.stringify(postCardSchema.encode(card));

/** The page, as the text the page cache keeps. */
export async function buildReaderPage(ctx: AppContext, query: PostListQuery): Promise<string> {
  const { rows, metadata } = await findListPage(ctx, null, query);
  const locked = await loadReadContext(ctx.db, rows, null, ctx.secret);
  // SECURITY: the open forms stay on the server; readerListText hands each one only to a reader it
  // is open to, the same test toPostCard applies (author, admin, or a paid unlock).
  const opened = { ...locked, unlocked: new Set(rows.map((row) => row.id)) };
  const page: ReaderPage = {
    ids: rows.map((row) => row.id),
    authorIds: rows.map((row) => row.authorId),
    locked: rows.map((row) => cardText(toPostCard(row, locked))),
    open: rows.map((row) => cardText(toPostCard(row, opened))),
    metadata: JSON.stringify(postCardListSchema.shape.metadata.encode(metadata)),
  };
  return JSON.stringify(page);
}

const readerPage = parsedPages<ReaderPage>(256);

/**
 * The reader and which of the page's teas they unlocked, in one statement prepared once: the
 * signed-in list's only one (performance.md P3).
 */
const readerOfPage = builtOnce((db: Db) =>
  db
    .select({
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      // One string, not an array: the driver's array parser was 3% of the list's CPU.
      unlocked: sql<string>`coalesce((
        select string_agg(${postUnlocks.postId}::text, ',') from ${postUnlocks}
        where ${postUnlocks.userId} = ${users.id} and ${postUnlocks.postId} = any(${sql.placeholder('postIds')}::uuid[])
      ), '')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('kettle_reader_of_page'),
);

/**
 * The list as the reader `readerId` (a checked token's subject) reads it, as the JSON text the
 * route's schema would write for it. Their account is read with their unlocks, and refused as
 * every signed-in call refuses it (usableAccount) when it is gone or deactivated.
 */
export async function readerListText(ctx: AppContext, readerId: string, kept: string): Promise<string> {
  const { ids, authorIds, locked, open, metadata } = readerPage(kept);
  const [row] = await readerOfPage(ctx.db).execute({ id: readerId, postIds: ids });
  const reader = actingAs(ctx.config, usableAccount(row));
  const unlocked = new Set(reader.unlocked.split(','));
  const cards = ids.map((id, index) =>
    reader.isAdmin || authorIds[index] === readerId || unlocked.has(id) ? open[index] : locked[index],
  );
  return `{"data":[${cards.join(',')}],"metadata":${metadata}}`;
}
