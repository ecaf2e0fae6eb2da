/**
 * Ids a broken link can carry: a post or reversal page goes back to the list instead of asking
 * the API. Its own module, so the post page stays a lazy entry of its own (the server preloads it
 * by that name).
 */
export const INVALID_POST_IDS = new Set(['', 'undefined', 'null']);
