import type { OwnPost } from '@kettle/shared';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, postImages, states, users } from '../../db/schema.js';
import type { PostRow } from '../../db/rows.js';
import { presentImages } from './post-images.presenter.js';

type ImageRow = typeof postImages.$inferSelect;

/** Everything a post's response needs beyond its own row, loaded once for a whole page. */
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

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`post presenter: missing ${what}`);
  return value;
}

/**
 * A post as its author or an admin sees it: full content and handle. Every field is listed
 * here on purpose; review changes like security code.
 */
export function toOwnPost(row: PostRow, relations: PostRelations, secret: string): OwnPost {
  // Authors and admins read every post in full: signed links to the full images.
  const images = presentImages(relations.images.get(row.id) ?? [], { open: true, published: true }, secret);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    tagged_handle: row.taggedHandle,
    category_id: row.categoryId,
    state_id: row.stateId,
    category: required(relations.categories.get(row.categoryId), 'category'),
    state: required(relations.states.get(row.stateId), 'state'),
    status: row.status,
    rejection_reason: row.rejectionReason,
    unlock_price: row.unlockPrice,
    bounty: row.bounty,
    evidence_link: row.evidenceLink,
    original_post_id: row.originalPostId,
    author_username: required(relations.authors.get(row.authorId), 'author'),
    vote_count: row.voteCount,
    image_urls: images.map((image) => image.image_url),
    images,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function presentOwnPosts(db: DbOrTx, rows: PostRow[], secret: string): Promise<OwnPost[]> {
  const relations = await loadPostRelations(db, rows);
  return rows.map((row) => toOwnPost(row, relations, secret));
}

export async function presentOwnPost(db: DbOrTx, row: PostRow, secret: string): Promise<OwnPost> {
  const [post] = await presentOwnPosts(db, [row], secret);
  return required(post, 'post');
}
