// What a post's response needs beyond its own row, loaded for a whole page in a fixed number of
// queries. The presenters (posts.presenter.ts, public-posts.presenter.ts) only map what this loads.
import type { OwnPost } from '@kettle/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PostRow } from '../../db/rows.js';
import { categories, postImages, posts, states, users } from '../../db/schema.js';
import { toOwnPost } from './posts.presenter.js';
import { toPostDetail } from './public-posts.presenter.js';
import { readsFree, type Viewer } from './reading.policy.js';
import { unlockCounts, unlockedPostIds } from './unlocks.repository.js';
import { loadViewerEngagement } from './viewer-engagement.repository.js';

type ImageRow = typeof postImages.$inferSelect;

/** A post's category, state, author name and images, for a whole page at once. */
export type PostRelations = {
  categories: Map<string, { id: string; name: string }>;
  states: Map<string, { id: string; name: string; code: string }>;
  authors: Map<string, string>;
  images: Map<string, ImageRow[]>;
};

const unique = (values: string[]): string[] => [...new Set(values)];

/** Four queries however many rows: never one per post. */
export async function loadPostRelations(db: DbOrTx, rows: PostRow[]): Promise<PostRelations> {
  const relations: PostRelations = { categories: new Map(), states: new Map(), authors: new Map(), images: new Map() };
  if (rows.length === 0) return relations;
  const [categoryRows, stateRows, authorRows, imageRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, unique(rows.map((r) => r.categoryId)))),
    db
      .select({ id: states.id, name: states.name, code: states.code })
      .from(states)
      .where(inArray(states.id, unique(rows.map((r) => r.stateId)))),
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, unique(rows.map((r) => r.authorId)))),
    db
      .select()
      .from(postImages)
      .where(
        inArray(
          postImages.postId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(postImages.postId), asc(postImages.position)),
  ]);
  for (const c of categoryRows) relations.categories.set(c.id, c);
  for (const s of stateRows) relations.states.set(s.id, s);
  for (const a of authorRows) relations.authors.set(a.id, a.username);
  for (const image of imageRows) {
    const list = relations.images.get(image.postId) ?? [];
    list.push(image);
    relations.images.set(image.postId, list);
  }
  return relations;
}

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

/** Posts as their author or an admin sees them. */
export async function presentOwnPosts(db: DbOrTx, rows: PostRow[], secret: string): Promise<OwnPost[]> {
  const relations = await loadPostRelations(db, rows);
  return rows.map((row) => toOwnPost(row, relations, secret));
}

export async function presentOwnPost(db: DbOrTx, row: PostRow, secret: string): Promise<OwnPost> {
  return toOwnPost(row, await loadPostRelations(db, [row]), secret);
}

/** One post for one viewer: the read context's queries plus one for the viewer's vote and report. */
export async function presentPostDetail(db: DbOrTx, row: PostRow, viewer: Viewer, secret: string) {
  const [context, engagement] = await Promise.all([
    loadReadContext(db, [row], viewer, secret),
    loadViewerEngagement(db, viewer, row.id),
  ]);
  return toPostDetail(row, context, engagement);
}
