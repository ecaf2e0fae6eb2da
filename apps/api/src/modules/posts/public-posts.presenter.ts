import { LOCKED_PREVIEW_CHARS, maskHandle, type PostCard, type PostDetail } from '@kettle/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema.js';
import { presentImages } from './post-images.presenter.js';
import { bountyExpiresAt, canAwardBounty } from './bounty.policy.js';
import type { PostRow } from '../../db/rows.js';
import { loadPostRelations, type PostRelations } from './posts.presenter.js';
import { emptyPotRefusal, readsFree, type Viewer } from './reading.policy.js';
import { unlockCounts, unlockedPostIds } from './unlocks.repository.js';
import { canReport, canVote } from './access.js';
import { loadViewerEngagement, NO_ENGAGEMENT, type ViewerEngagement } from './viewer-engagement.repository.js';

/** Everything a page of cards needs for one viewer, loaded in a fixed number of queries. */
export type ReadContext = {
  viewer: Viewer;
  secret: string;
  relations: PostRelations;
  /** Posts this viewer paid to unlock. */
  unlocked: Set<string>;
  /** Original id → its approved reversal's id. */
  reversals: Map<string, string>;
  /** Unlock counts, loaded only for posts the viewer reads free (author or admin). */
  unlockCounts: Map<string, number>;
};

async function approvedReversals(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, originalId: posts.originalPostId })
    .from(posts)
    .where(and(inArray(posts.originalPostId, ids), eq(posts.status, 'approved')));
  const map = new Map<string, string>();
  for (const row of rows) if (row.originalId) map.set(row.originalId, row.id);
  return map;
}

export async function loadReadContext(
  db: DbOrTx,
  rows: PostRow[],
  viewer: Viewer,
  secret: string,
): Promise<ReadContext> {
  const ids = rows.map((row) => row.id);
  const freeIds = rows.filter((row) => readsFree(viewer, row)).map((row) => row.id);
  const [relations, unlocked, reversals, counts] = await Promise.all([
    loadPostRelations(db, rows),
    viewer ? unlockedPostIds(db, viewer.id, ids) : Promise.resolve(new Set<string>()),
    approvedReversals(db, ids),
    unlockCounts(db, freeIds),
  ]);
  return { viewer, secret, relations, unlocked, reversals, unlockCounts: counts };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`public post presenter: missing ${what}`);
  return value;
}

/** The first LOCKED_PREVIEW_CHARS characters (code points, so no emoji is cut in half). */
const preview = (content: string): string => Array.from(content).slice(0, LOCKED_PREVIEW_CHARS).join('');

const isOpenTo = (row: PostRow, c: ReadContext): boolean => readsFree(c.viewer, row) || c.unlocked.has(row.id);

/** Full images when the post is open to the reader, else blurred previews only. */
const imagesOf = (row: PostRow, c: ReadContext) =>
  presentImages(
    c.relations.images.get(row.id) ?? [],
    { open: isOpenTo(row, c), published: row.status === 'approved' },
    c.secret,
  );

/**
 * SECURITY: the only place a post becomes a public card. A reader who has not unlocked the post
 * (and is not its author or an admin) gets 150 characters, a masked handle and blurred image
 * previews, never more.
 */
export function toPostCard(row: PostRow, c: ReadContext): PostCard {
  const open = isOpenTo(row, c);
  const reversalId = c.reversals.get(row.id) ?? null;
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
    has_reversal: reversalId !== null,
    reversal_id: reversalId,
    bounty: row.bounty,
    bounty_status: row.bountyStatus,
  };
}

/**
 * SECURITY: the card's rule, plus the detail fields; evidence stays hidden while locked.
 * `engagement` is the viewer's own vote and report of this post (detail pages only, never lists).
 */
export function toPostDetail(row: PostRow, c: ReadContext, engagement: ViewerEngagement = NO_ENGAGEMENT): PostDetail {
  const open = isOpenTo(row, c);
  const unlockCount = readsFree(c.viewer, row) ? (c.unlockCounts.get(row.id) ?? 0) : null;
  return {
    ...toPostCard(row, c),
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
  };
}

/** One post for one viewer: the read context's queries plus one for the viewer's vote and report. */
export async function presentPostDetail(db: DbOrTx, row: PostRow, viewer: Viewer, secret: string) {
  const [context, engagement] = await Promise.all([
    loadReadContext(db, [row], viewer, secret),
    loadViewerEngagement(db, viewer, row.id),
  ]);
  return toPostDetail(row, context, engagement);
}
