import type { Comment } from '@kettle/shared';
import type { CommentRow } from './comments.repository.js';

/** Every field listed on purpose: a comment leaves the server only through here and shared commentOfEvent. */
export const toComment = (row: CommentRow, viewerId: string | null): Comment => ({
  id: row.id,
  content: row.content,
  user_id: row.userId,
  username: row.username,
  created_at: row.createdAt.toISOString(),
  parent_comment_id: row.parentCommentId,
  is_own: viewerId !== null && row.userId === viewerId,
  replies: [],
});

/**
 * The rows (oldest first) as a tree of any depth: top-level comments, each with its replies,
 * oldest first at every level.
 *
 * Blocks (decisions.md, Stubs): a comment by a user the viewer blocked is hidden, and so is
 * every reply under it, whoever wrote them. Lifting those replies to the top level would show
 * answers to a comment the viewer cannot see, which reads as nonsense and often quotes the
 * blocked user; hiding the thread is the simple, predictable rule.
 */
export function buildCommentTree(rows: CommentRow[], viewerId: string | null, hiddenAuthors: Set<string>): Comment[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const visible = new Map<string, boolean>();

  // Walks up to the first known answer (or the top), then writes it down the whole chain:
  // iterative, so a very deep thread cannot overflow the stack, and each row is walked once.
  const isVisible = (start: CommentRow): boolean => {
    const chain: CommentRow[] = [];
    let current: CommentRow | undefined = start;
    let answer = false;
    while (current) {
      const known = visible.get(current.id);
      if (known !== undefined) {
        answer = known;
        break;
      }
      chain.push(current);
      if (hiddenAuthors.has(current.userId)) break;
      if (current.parentCommentId === null) {
        answer = true;
        break;
      }
      // A missing parent cannot happen (the foreign key cascades); hide the orphan if it ever does.
      current = byId.get(current.parentCommentId);
    }
    for (const row of chain) visible.set(row.id, answer);
    return answer;
  };

  const shown = rows.filter(isVisible);
  const nodes = new Map(shown.map((row) => [row.id, toComment(row, viewerId)]));
  const roots: Comment[] = [];
  for (const row of shown) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentCommentId === null ? undefined : nodes.get(row.parentCommentId);
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}
