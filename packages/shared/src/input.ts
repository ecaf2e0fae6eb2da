import { formatCount } from './helpers/format-count.js';
/**
 * Limits every input shares (issue 10, item 14): text PostgreSQL can store, integers its
 * columns can hold, and the words the API answers when either is broken.
 */

/** The largest value of an `integer` column (int4). */
export const PG_INT_MAX = 2_147_483_647;

/** The highest price an admin may set on one tea. */
export const UNLOCK_PRICE_MAX = 1_000_000;

export const INPUT_MESSAGES = {
  nulByte: 'Text cannot contain the NUL character (U+0000).',
  badAddress: 'This address is not valid. Please check the link.',
  addressTooLong: 'This address is too long. Please check the link.',
  numberTooLarge: 'That number is too large.',
  unlockPriceTooLarge: `Unlock price must be at most ${formatCount(UNLOCK_PRICE_MAX)}`,
  balanceTooLarge: `The balance would exceed the maximum of ${formatCount(PG_INT_MAX)} Tea Coins.`,
} as const;

/** PostgreSQL refuses U+0000 in text and jsonb, so it can never be part of a stored string. */
export const hasNulByte = (value: string): boolean => value.includes('\u0000');
