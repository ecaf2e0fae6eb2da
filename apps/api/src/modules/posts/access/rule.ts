// The paywall rule, once: who reads a tea free, who may open it, and who may spend on it (unlock,
// vote, comment), each as a TypeScript predicate with its SQL twin beside it. The spend statements
// compose the SQL twins instead of writing the rule; rule.test.ts runs every viewer, status and
// action through both against a real database and fails when they disagree.
import type { PostStatus } from '@kettle/shared';
import { sql, type SQL } from 'drizzle-orm';
import { actorIsAdmin } from '../../users/actor.js';

/**
 * Who is asking: a signed-in user as they act (users/two-factor.policy actingAs: an admin without
 * two-factor sign-in where it is required acts as a member), or null for a visitor.
 */
export type Viewer = { id: string; isAdmin: boolean } | null;
export type PostFacts = { authorId: string; status: PostStatus };

/**
 * In SQL, the statement's aliases: `actor` is always the acting account's row (users/actor.ts
 * askedActorsCte, so actorIsAdmin applies), `post` names the tea's row (its `author_id`, `status`),
 * and `unlocked` says whether the actor holds an unlock of it.
 */
export type RuleAliases = { post: string; unlocked: SQL };

/** A statement's alias for the tea's row, as SQL (a name written in code, never a value). */
function at(alias: string): SQL {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  return sql.raw(alias);
}

/** The author and admins read every tea in full, free (docs/decisions/unlocks-and-refunds.md). */
export const readsFree = (viewer: Viewer, post: PostFacts): boolean =>
  viewer !== null && (viewer.isAdmin || viewer.id === post.authorId);

export const readsFreeSql = (post: string): SQL => sql`(${at(post)}.author_id = actor.id or ${actorIsAdmin})`;

/** Pending and rejected teas exist only for their author and admins (security.md Z4). */
export const canSee = (viewer: Viewer, post: PostFacts): boolean =>
  post.status === 'approved' || readsFree(viewer, post);

/**
 * Whether a tea this viewer sees is open to them (full text, images, conversation) rather than
 * locked: free to them, or unlocked. A list or a detail asks it of teas canSee already let through.
 */
export const opensTo = (viewer: Viewer, post: PostFacts, unlocked: boolean): boolean =>
  readsFree(viewer, post) || unlocked;

/** This viewer may read the tea in full: it exists for them, and it is open to them. */
export const mayRead = (viewer: Viewer, post: PostFacts, unlocked: boolean): boolean =>
  canSee(viewer, post) && opensTo(viewer, post, unlocked);

/** New comments and votes land on published teas only (pending and rejected ones are read-only). */
export const acceptsConversation = (post: PostFacts): boolean => post.status === 'approved';

/** An unlock of this tea must be paid for: published, not free to them, not unlocked yet. */
export const unlockDue = (viewer: NonNullable<Viewer>, post: PostFacts, unlocked: boolean): boolean =>
  post.status === 'approved' && !readsFree(viewer, post) && !unlocked;

export const unlockDueSql = ({ post, unlocked }: RuleAliases): SQL =>
  sql`(${at(post)}.status = 'approved' and not ${readsFreeSql(post)} and not ${unlocked})`;

/** A vote may be bought: published, not the voter's own tea, and open to them (an admin, or unlocked). */
export const mayVote = (viewer: NonNullable<Viewer>, post: PostFacts, unlocked: boolean): boolean =>
  acceptsConversation(post) && viewer.id !== post.authorId && opensTo(viewer, post, unlocked);

export const mayVoteSql = ({ post, unlocked }: RuleAliases): SQL =>
  sql`(${at(post)}.status = 'approved' and ${at(post)}.author_id <> actor.id and (${actorIsAdmin} or ${unlocked}))`;

/** A comment may be bought: published and open to the writer (author, admin, or unlocked). */
export const mayComment = (viewer: NonNullable<Viewer>, post: PostFacts, unlocked: boolean): boolean =>
  acceptsConversation(post) && opensTo(viewer, post, unlocked);

export const mayCommentSql = ({ post, unlocked }: RuleAliases): SQL =>
  sql`(${at(post)}.status = 'approved' and (${readsFreeSql(post)} or ${unlocked}))`;
