/** The lists' limits and words (no zod here: pages that only show them stay light). */

/** The furthest a list may page: every reachable page stays cheap (docs/performance.md, P5). */
export const MAX_LIST_SKIP = 1000;

/** Text search counts at most this many matches; beyond it the total reads '1,000+'. */
export const SEARCH_COUNT_CAP = 1000;

export const POST_CARD_MESSAGES = {
  unlocked: 'Post unlocked successfully!',
  potEmptied: 'The pot is empty: your tea was deleted.',
  potRejected: 'Rejected teas cannot be emptied.',
  potUnlocked: 'Someone has already unlocked this tea, so it can no longer be emptied.',
  pageTooFar: 'Page is too far. Narrow your search or filters.',
  searchTooMany: 'Too many searches. Please wait a minute, or sign in to keep searching.',
  searchTooManySignedIn: 'Too many searches. Please wait a minute.',
  refundReason: (title: string) => `Refund: "${title}" was removed`,
} as const;

/** Bullets after the first character of a masked handle: always this many, whatever its length. */
export const MASKED_HANDLE_BULLETS = 5;

/** '@jane' → '@j•••••': the first character, then a fixed mask that does not tell the length. */
export function maskHandle(handle: string): string {
  const [first = ''] = Array.from(handle.startsWith('@') ? handle.slice(1) : handle);
  return `@${first}${'•'.repeat(MASKED_HANDLE_BULLETS)}`;
}
