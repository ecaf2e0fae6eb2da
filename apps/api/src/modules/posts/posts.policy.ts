import { ALLOWED_TRANSITIONS, type PostStatus } from '@kettle/shared';

type Actor = { id: string; isAdmin: boolean; emailVerifiedAt: Date | null };
type PostFacts = { authorId: string; status: PostStatus };

/** At most this many posts by one author about one handle in a rolling day. */
export const HANDLE_LIMIT = { count: 3, windowHours: 24 } as const;

export const canModerate = (actor: Actor): boolean => actor.isAdmin;

/** Why a reversal of `original` is refused, or null when it may be submitted. */
export function reversalRefusal(actor: Actor, original: PostFacts | undefined): 'missing' | 'own' | null {
  if (!original || original.status !== 'approved') return 'missing';
  if (original.authorId === actor.id) return 'own';
  return null;
}

export const canReverse = (actor: Actor, original: PostFacts | undefined): boolean =>
  reversalRefusal(actor, original) === null;

/** The moderation routes follow product.md §4; an admin edit may set any status . */
export const canTransition = (from: PostStatus, to: PostStatus): boolean => ALLOWED_TRANSITIONS[from].includes(to);
