import type { OwnPost, PrivacyReview } from '@kettle/shared';
import type { PostRow } from '../../db/rows.js';
import { presentImages } from './reading/post-images.presenter.js';
import type { PostRelations } from './reading/read-context.js';

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`post presenter: missing ${what}`);
  return value;
}

/**
 * A post as its author or an admin sees it: full content and handle. Every field is listed
 * here on purpose; review changes like security code.
 */
export function toOwnPost(
  row: PostRow,
  relations: PostRelations,
  secret: string,
  privacy: PrivacyReview | undefined,
): OwnPost {
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
    author_id: row.authorId,
    author_username: required(relations.authors.get(row.authorId), 'author'),
    vote_count: row.voteCount,
    image_urls: images.map((image) => image.image_url),
    images,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    privacy: privacy ?? null,
  };
}
