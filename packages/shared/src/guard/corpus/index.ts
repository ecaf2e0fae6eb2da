import { ADDRESSES } from './addresses.js';
import { CONTACT } from './contact.js';
import { HINTS } from './hints.js';
import { IDENTITY } from './identity.js';
import { MINORS } from './minors.js';
import { SET_B_NEGATIVES, SET_B_POSITIVES } from './set-b.js';
import { SET_C_NEGATIVES, SET_C_POSITIVES } from './set-c.js';
import { NEGATIVES as FIRST_NEGATIVES } from './negatives.js';
import type { Positive } from './types.js';

export * from './types.js';
export { ADDRESSES } from './addresses.js';
export { CONTACT } from './contact.js';
export { HINTS } from './hints.js';
export { IDENTITY } from './identity.js';
export { MINORS } from './minors.js';

/** Every labelled sentence in the corpus: the first set by kind, then sets B and C. */
export const POSITIVES: Positive[] = [
  ...CONTACT,
  ...IDENTITY,
  ...ADDRESSES,
  ...MINORS,
  ...HINTS,
  ...SET_B_POSITIVES,
  ...SET_C_POSITIVES,
];

/** Ordinary sentences with nothing private in them, hard negatives included. */
export const NEGATIVES: string[] = [...FIRST_NEGATIVES, ...SET_B_NEGATIVES, ...SET_C_NEGATIVES];
