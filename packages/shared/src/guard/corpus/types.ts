import type { GuardKind } from '../../privacy-guard.js';

/** A sentence that holds one finding of `kind`; `span` is the exact substring a detector should mark. */
export type Positive = { kind: GuardKind; text: string; span: string };

/** Builds a corpus entry and throws when `span` is not in `text`, so a typo in the corpus fails loudly. */
export const positive = (kind: GuardKind, text: string, span: string): Positive => {
  if (span.length === 0 || !text.includes(span)) {
    throw new Error(`corpus (${kind}): span ${JSON.stringify(span)} is not in ${JSON.stringify(text)}`);
  }
  return { kind, text, span };
};
