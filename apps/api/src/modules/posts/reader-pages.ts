import type { PostCard, PostCardList, PostListQuery } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { findListPage } from './public-posts.service.js';
import { toPostCard } from './public-posts.presenter.js';
import { loadReadContext } from './read-context.js';
import { unlockedPostIds } from './unlocks.repository.js';

/**
 * A page of the list (no search) as the page cache keeps it for signed-in readers (performance.md
 * P3): every card in both forms, locked as a visitor sees it and open as its author, an admin or
 * an unlocker sees it, and who wrote each. The list's membership and order are the same for every
 * reader, so one page serves them all; only which form each card takes is theirs.
 */
export type ReaderPage = { list: PostCardList; open: PostCard[]; authorIds: string[] };

export async function buildReaderPage(ctx: AppContext, query: PostListQuery): Promise<ReaderPage> {
  const { rows, metadata } = await findListPage(ctx, null, query);
  const locked = await loadReadContext(ctx.db, rows, null, ctx.secret);
  // SECURITY: the open forms stay on the server; cardsFor hands each one only to a reader it is
  // open to, the same test toPostCard applies (author, admin, or a paid unlock).
  const opened = { ...locked, unlocked: new Set(rows.map((row) => row.id)) };
  return {
    list: { data: rows.map((row) => toPostCard(row, locked)), metadata },
    open: rows.map((row) => toPostCard(row, opened)),
    authorIds: rows.map((row) => row.authorId),
  };
}

/** The page as `reader` reads it: one query (none for an admin) for which cards they unlocked. */
export async function cardsFor(ctx: AppContext, reader: UserRow, page: ReaderPage): Promise<PostCardList> {
  const { list, open, authorIds } = page;
  const unlocked = reader.isAdmin
    ? new Set<string>()
    : await unlockedPostIds(
        ctx.db,
        reader.id,
        list.data.map((card) => card.id),
      );
  const openTo = (index: number, card: PostCard) =>
    reader.isAdmin || authorIds[index] === reader.id || unlocked.has(card.id);
  return { ...list, data: list.data.map((card, index) => (openTo(index, card) ? (open[index] ?? card) : card)) };
}
