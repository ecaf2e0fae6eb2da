import { LOCKED_PREVIEW_CHARS, maskHandle, type PostCard, type PostDetail } from '@kettle/shared';
import { presentImages } from './post-images.presenter.js';
import { bountyExpiresAt, canAwardBounty } from '../bounty/bounty.policy.js';
import type { PostRow } from '../../../db/rows.js';
import { emptyPotRefusal } from '../empty-pot/empty-pot.policy.js';
import { opensTo, readsFree } from '../access/rule.js';
import { canReport, canVote } from '../access/gate.js';
import type { ReadContext } from './read-context.js';
import type { ViewerEngagement } from './viewer-engagement.repository.js';

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`public post presenter: missing ${what}`);
  return value;
}

/** The first LOCKED_PREVIEW_CHARS characters (code points, so no emoji is cut in half). */
const preview = (content: string): string => Array.from(content).slice(0, LOCKED_PREVIEW_CHARS).join('');

const isOpenTo = (row: PostRow, c: ReadContext): boolean => opensTo(c.viewer, row, c.unlocked.has(row.id));

/** Full images when the post is open to the reader, else blurred previews only. */
const imagesOf = (row: PostRow, c: ReadContext) =>
  presentImages(
    c.relations.images.get(row.id) ?? [],
    { open: isOpenTo(row, c), published: row.status === 'approved' },
    c.secret,
  );

/**
 * SECURITY: the only place a post becomes a public card. A reader it is not open to (access/rule.ts
 * opensTo) gets 150 characters, a masked handle and blurred image previews, never more. The reader
 * pages keep both forms made here and hand each reader one by the same rule (reader-pages.ts).
 */
export function toPostCard(row: PostRow, c: ReadContext): PostCard {
  const open = isOpenTo(row, c);
  return {
    id: row.id,
    title: row.title,
    content: open ? row.content : preview(row.content),
    is_locked: !open,
    image_urls: imagesOf(row, c).map((image) => image.image_url),
    created_at: row.createdAt.toISOString(),
    unlock_price: row.unlockPrice,
    is_unlocked_by_user: open,
    category: required(c.relations.categories.get(row.categoryId), 'category'),
    state: required(c.relations.states.get(row.stateId), 'state'),
    author_username: required(c.relations.authors.get(row.authorId), 'author'),
    tagged_handle: open ? row.taggedHandle : maskHandle(row.taggedHandle),
    vote_count: row.voteCount,
    original_post_id: row.originalPostId,
    has_reversal: c.reversed.has(row.id),
    bounty: row.bounty,
    bounty_status: row.bountyStatus,
  };
}

/**
 * SECURITY: the card's rule, plus the detail fields; evidence stays hidden while locked.
 * `engagement` is the viewer's own vote and report of this post (detail pages only, never lists).
 */
export function toPostDetail(row: PostRow, c: ReadContext, engagement: ViewerEngagement): PostDetail {
  const open = isOpenTo(row, c);
  const unlockCount = readsFree(c.viewer, row) ? (c.unlockCounts.get(row.id) ?? 0) : null;
  // Added to the card in place: spreading the card into a new literal measured 26 µs a detail on
  // Node 20, Object.assign 1.5 (docs/decisions/hot-path-allocations.md).
  return Object.assign(toPostCard(row, c), {
    status: row.status,
    category_id: row.categoryId,
    state_id: row.stateId,
    updated_at: row.updatedAt.toISOString(),
    images: imagesOf(row, c),
    evidence_link: open ? row.evidenceLink : null,
    unlock_count: unlockCount,
    has_user_voted: engagement.voted,
    can_vote: canVote(c.viewer, row, { open, voted: engagement.voted }),
    can_report: canReport(c.viewer, row),
    has_reported: engagement.reportStatus !== null,
    report_status: engagement.reportStatus,
    // Which comment won is part of the conversation, which stays locked.
    bounty_comment_id: open ? row.bountyCommentId : null,
    bounty_expires_at: bountyExpiresAt(row)?.toISOString() ?? null,
    can_award_bounty: canAwardBounty(c.viewer, row),
    // Authors read free, so they never hold an unlock row: any unlock is someone else's.
    empty_pot_refusal: emptyPotRefusal(c.viewer?.id, row, (unlockCount ?? 0) > 0),
  });
}
