import type { Comment } from '@kettle/shared';

/** Every comment in the tree, replies included (the 'Comments (n)' heading counts them all). */
export function countComments(comments: readonly Comment[]): number {
  return comments.reduce((total, comment) => total + 1 + countComments(comment.replies), 0);
}

export function hasComment(comments: readonly Comment[], id: string): boolean {
  return comments.some((comment) => comment.id === id || hasComment(comment.replies, id));
}

/** `replies` of the comment `parentId` with `child` appended (chronological), or null when the parent is absent. */
function appendReply(comments: Comment[], parentId: string, child: Comment): Comment[] | null {
  let placed = false;
  const next = comments.map((comment) => {
    if (placed) return comment;
    if (comment.id === parentId) {
      placed = true;
      return { ...comment, replies: [...comment.replies, child] };
    }
    const replies = appendReply(comment.replies, parentId, child);
    if (!replies) return comment;
    placed = true;
    return { ...comment, replies };
  });
  return placed ? next : null;
}

export type InsertResult =
  /** The tree with the comment in place (a new array: the cache sees a change). */
  | { status: 'inserted'; comments: Comment[] }
  /** Already there: the author's own POST answer and the realtime event carry the same id. */
  | { status: 'duplicate' }
  /** A reply whose parent this reader does not have (deleted, or hidden by a block). */
  | { status: 'orphan' };

/**
 * product.md §4 'Comments': a comment joins the tree unless its id exists; a reply nests under its
 * parent. Top-level comments and replies both read oldest first, as the API returns them.
 */
export function insertComment(comments: Comment[], comment: Comment): InsertResult {
  if (hasComment(comments, comment.id)) return { status: 'duplicate' };
  if (comment.parent_comment_id === null) return { status: 'inserted', comments: [...comments, comment] };
  const next = appendReply(comments, comment.parent_comment_id, comment);
  return next ? { status: 'inserted', comments: next } : { status: 'orphan' };
}

/** The tree without `userId`'s comments (and the threads under them): a block takes effect at once. */
export function withoutUser(comments: readonly Comment[], userId: string): Comment[] {
  return comments
    .filter((comment) => comment.user_id !== userId)
    .map((comment) => ({ ...comment, replies: withoutUser(comment.replies, userId) }));
}

/**
 * The tree without the comments `ids` (and the threads under them): a `comment_deleted` event
 * takes them out at once. The same tree comes back when none of the ids is in it.
 */
export function withoutComments(comments: Comment[], ids: ReadonlySet<string>): Comment[] {
  if (!comments.some((comment) => hasAny(comment, ids))) return comments;
  return comments
    .filter((comment) => !ids.has(comment.id))
    .map((comment) => ({ ...comment, replies: withoutComments(comment.replies, ids) }));
}

const hasAny = (comment: Comment, ids: ReadonlySet<string>): boolean =>
  ids.has(comment.id) || comment.replies.some((reply) => hasAny(reply, ids));
