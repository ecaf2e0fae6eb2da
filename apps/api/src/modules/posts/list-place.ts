import type { PostRow } from '../../db/rows.js';

/** What places a tea in the visitors' lists: published, in its category and its state. */
const LIST_PLACE = ['status', 'categoryId', 'stateId'] as const;

type Placed = Pick<PostRow, (typeof LIST_PLACE)[number]>;

const published = (post: Placed | null): boolean => post?.status === 'approved';

/**
 * Whether a change to a tea (`after` null: deleted) leaves every visitor's list holding the same
 * teas: then the kept pages it can have changed are those naming it (page-invalidation
 * `namesItsTeas`), and otherwise every page may have. A tea unpublished before and after is on no
 * kept page at all: a rejection or deletion from the queue, a report or an edit of a tea already
 * down. One published before and after in the same category and state stays in the same lists.
 */
function listsKept(before: Placed, after: Placed | null): boolean {
  if (!published(before) && !published(after)) return true;
  return after !== null && LIST_PLACE.every((column) => before[column] === after[column]);
}

/**
 * The teas whose kept pages a change to tea `id` ends, as `changedTeas` takes them: that tea alone
 * when every list keeps its teas, else null (a new generation).
 */
export const teasChanged = (id: string, before: Placed, after: Placed | null): string[] | null =>
  listsKept(before, after) ? [id] : null;
