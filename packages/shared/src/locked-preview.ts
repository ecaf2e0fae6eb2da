// The locked card's text, without zod (post-cards.ts re-exports it), so a list of cards on the
// web does not pull zod into its first load.
import { LIMITS } from './constants.js';

/** A locked card shows this many characters of content, never more (decisions.md, Privacy). */
export const LOCKED_PREVIEW_CHARS = LIMITS.lockedPreviewChars;

/** A locked preview reads as cut off only when the server actually cut it. */
export const lockedPreview = (content: string): string =>
  content.length >= LOCKED_PREVIEW_CHARS ? `${content.trimEnd()}…` : content;
