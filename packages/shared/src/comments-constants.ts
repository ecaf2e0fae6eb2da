/** The comments area's limits and words (no zod here: pages that only show them stay light). */

export const COMMENT_MAX_CHARS = 2000;

/** product.md §8 texts of the comments area. */
export const COMMENT_MESSAGES = {
  added: { title: 'Comment added', description: 'Your comment was posted successfully.' },
  failed: 'Failed to post comment',
  createFailed: 'Failed to create comment',
  fetchFailed: 'Failed to fetch comments',
  deleteFailed: 'Failed to delete comment',
  deleted: 'Comment deleted.',
  empty: 'No comments yet. Be the first to comment!',
  blank: 'Comment cannot be empty',
  tooLong: `Comment cannot exceed ${COMMENT_MAX_CHARS} characters`,
  parentMismatch: 'You can only reply to a comment on the same post.',
  locked: 'Unlock this tea to read and join the conversation.',
  /** The privacy guard held it: nothing is lost, and nobody else sees it until a moderator decides. */
  held: 'Your comment is waiting for review: it may name private details or a minor, so a moderator reads it before anyone else can.',
  waiting: 'Waiting for review',
} as const;
