// What a post's response needs beyond its own row, loaded for a whole page in one statement. The
// presenters (posts.presenter.ts, public-posts.presenter.ts) only map what this loads.
import type { OwnPost, PrivacyReview } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { namedStatement } from '../../../db/prepared.js';
import { fromRawRow } from '../../../db/raw-rows.js';
import type { PostRow } from '../../../db/rows.js';
import { categories, postImages, postUnlocks, posts, privacyReviews, states, users } from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import { toOwnPost } from '../posts.presenter.js';
import { toPostDetail } from './public-posts.presenter.js';
import { readsFree, type Viewer } from '../access/rule.js';
import { loadViewerEngagement } from './viewer-engagement.repository.js';
import { presentReview } from '../privacy/privacy-reviews.service.js';

type ImageRow = typeof postImages.$inferSelect;

/** A post's category, state, author name and images, for a whole page at once. */
export type PostRelations = {
  /** By id, as a card shows them (by name only). */
  categories: Map<string, { name: string }>;
  states: Map<string, { name: string }>;
  authors: Map<string, string>;
  images: Map<string, ImageRow[]>;
};

const unique = (values: string[]): string[] => [...new Set(values)];

/** What the read-context statement answers: each relation of a page as JSON. */
type ContextRow = {
  categories: Array<{ id: string; name: string }>;
  states: Array<{ id: string; name: string }>;
  authors: Array<{ id: string; username: string }>;
  images: Array<Record<string, unknown>>;
  /** The page's posts with an approved reversal, comma-joined. */
  reversed: string;
  /** The viewer's unlocks among the page's posts, comma-joined ('' for none or a visitor). */
  unlocked: string;
  unlock_counts: Array<{ id: string; n: number }>;
  /** Own views only (ownContextStatement): the page's privacy reviews, as rows. */
  reviews?: Array<Record<string, unknown>>;
};

const postIds = sql.placeholder('postIds');

/**
 * Everything a page's cards need beyond their rows, in one statement rather than one per relation
 * (docs/performance.md P4: on PGlite each statement costs ~1 ms however small, and the six of a search
 * page were a third of its time). Unlock counts only for `freeIds`, the posts the viewer reads
 * free; the viewer's unlocks only when there is a viewer.
 */
const contextSql = (withReviews: boolean) => sql`select
    (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)), '[]') from ${categories} c
      where c.id = any(${sql.placeholder('categoryIds')}::uuid[])) as categories,
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name)), '[]') from ${states} s
      where s.id = any(${sql.placeholder('stateIds')}::uuid[])) as states,
    (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username)), '[]') from ${users} u
      where u.id = any(${sql.placeholder('authorIds')}::uuid[])) as authors,
    (select coalesce(json_agg(i order by i.post_id, i.position), '[]') from ${postImages} i
      where i.post_id = any(${postIds}::uuid[])) as images,
    (select coalesce(string_agg(distinct r.original_post_id::text, ','), '') from ${posts} r
      where r.original_post_id = any(${postIds}::uuid[]) and r.status = 'approved') as reversed,
    (select coalesce(string_agg(pu.post_id::text, ','), '') from ${postUnlocks} pu
      where pu.user_id = ${sql.placeholder('viewerId')}::uuid and pu.post_id = any(${postIds}::uuid[])) as unlocked,
    (select coalesce(json_agg(json_build_object('id', x.post_id, 'n', x.n)), '[]') from (
      select post_id, count(*)::int as n from ${postUnlocks}
      where post_id = any(${sql.placeholder('freeIds')}::uuid[]) group by post_id) x) as unlock_counts${
        withReviews
          ? sql`,
    (select coalesce(json_agg(r), '[]') from ${privacyReviews} r where r.post_id = any(${postIds}::uuid[])) as reviews`
          : sql``
      }`;
const readContextStatement = namedStatement('kettle_read_context', contextSql(false));
/** The same, with what the privacy guard found: for the author's and the moderators' views only. */
const ownContextStatement = namedStatement('kettle_own_read_context', contextSql(true));

async function readContextRow(
  db: DbOrTx,
  rows: PostRow[],
  viewerId: string | null,
  freeIds: string[],
  withReviews = false,
) {
  const result = await (withReviews ? ownContextStatement : readContextStatement)(db, {
    categoryIds: unique(rows.map((r) => r.categoryId)),
    stateIds: unique(rows.map((r) => r.stateId)),
    authorIds: unique(rows.map((r) => r.authorId)),
    postIds: rows.map((r) => r.id),
    viewerId,
    freeIds,
  });
  const [row] = rowsOf<ContextRow>(result);
  if (!row) throw new Error('the read-context statement answered no row');
  return row;
}

function relationsOf(row: ContextRow): PostRelations {
  const relations: PostRelations = {
    categories: new Map(row.categories.map((c) => [c.id, { name: c.name }])),
    states: new Map(row.states.map((s) => [s.id, { name: s.name }])),
    authors: new Map(row.authors.map((a) => [a.id, a.username])),
    images: new Map(),
  };
  for (const raw of row.images) {
    const image = fromRawRow(postImages, raw);
    const list = relations.images.get(image.postId) ?? [];
    list.push(image);
    relations.images.set(image.postId, list);
  }
  return relations;
}

const noRelations = (): PostRelations => ({
  categories: new Map(),
  states: new Map(),
  authors: new Map(),
  images: new Map(),
});

/** One statement however many rows: never one per post. */
export async function loadPostRelations(db: DbOrTx, rows: PostRow[]): Promise<PostRelations> {
  if (rows.length === 0) return noRelations();
  return relationsOf(await readContextRow(db, rows, null, []));
}

/** Everything a page of cards needs for one viewer, loaded in a fixed number of queries. */
export type ReadContext = {
  viewer: Viewer;
  secret: string;
  relations: PostRelations;
  /** Posts this viewer paid to unlock. */
  unlocked: Set<string>;
  /** Posts with an approved reversal. */
  reversed: Set<string>;
  /** Unlock counts, loaded only for posts the viewer reads free (author or admin). */
  unlockCounts: Map<string, number>;
};

export async function loadReadContext(
  db: DbOrTx,
  rows: PostRow[],
  viewer: Viewer,
  secret: string,
): Promise<ReadContext> {
  if (rows.length === 0) {
    return {
      viewer,
      secret,
      relations: noRelations(),
      unlocked: new Set(),
      reversed: new Set(),
      unlockCounts: new Map(),
    };
  }
  const freeIds = rows.filter((row) => readsFree(viewer, row)).map((row) => row.id);
  const row = await readContextRow(db, rows, viewer?.id ?? null, freeIds);
  return {
    viewer,
    secret,
    relations: relationsOf(row),
    unlocked: new Set(row.unlocked === '' ? [] : row.unlocked.split(',')),
    reversed: new Set(row.reversed === '' ? [] : row.reversed.split(',')),
    unlockCounts: new Map(row.unlock_counts.map((c) => [c.id, Number(c.n)])),
  };
}

/** What the privacy guard found in own posts, by post: only their author and admins read it. */
function reviewsOf(row: ContextRow): Map<string, PrivacyReview> {
  const reviews = (row.reviews ?? []).map((raw) => fromRawRow(privacyReviews, raw));
  return new Map(reviews.map((review) => [review.postId ?? '', presentReview(review)]));
}

/** One statement for a page of own posts: relations, unlock counts and privacy reviews. */
async function ownContext(db: DbOrTx, rows: PostRow[], countUnlocks: boolean) {
  const row = await readContextRow(db, rows, null, countUnlocks ? rows.map((r) => r.id) : [], true);
  return { row, relations: relationsOf(row), reviews: reviewsOf(row) };
}

/** Posts as their author or an admin sees them. */
export async function presentOwnPosts(db: DbOrTx, rows: PostRow[], secret: string): Promise<OwnPost[]> {
  if (rows.length === 0) return [];
  const { relations, reviews } = await ownContext(db, rows, false);
  return rows.map((row) => toOwnPost(row, relations, secret, reviews.get(row.id)));
}

/** Own posts with how many readers unlocked each (My Teas), from the same one statement. */
export async function presentOwnPostsCounted(
  db: DbOrTx,
  rows: PostRow[],
  secret: string,
): Promise<Array<{ post: OwnPost; unlockCount: number }>> {
  if (rows.length === 0) return [];
  const { row: context, relations, reviews } = await ownContext(db, rows, true);
  const counts = new Map(context.unlock_counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((row) => ({
    post: toOwnPost(row, relations, secret, reviews.get(row.id)),
    unlockCount: counts.get(row.id) ?? 0,
  }));
}

export async function presentOwnPost(db: DbOrTx, row: PostRow, secret: string): Promise<OwnPost> {
  const { relations, reviews } = await ownContext(db, [row], false);
  return toOwnPost(row, relations, secret, reviews.get(row.id));
}

/** One post for one viewer: the read context's queries plus one for the viewer's vote and report. */
export async function presentPostDetail(db: DbOrTx, row: PostRow, viewer: Viewer, secret: string) {
  const [context, engagement] = await Promise.all([
    loadReadContext(db, [row], viewer, secret),
    loadViewerEngagement(db, viewer, row.id),
  ]);
  return toPostDetail(row, context, engagement);
}
