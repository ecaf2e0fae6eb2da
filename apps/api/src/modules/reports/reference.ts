import { randomBytes } from 'node:crypto';

/** 32 symbols without 0/O and 1/I, so a reference read aloud or retyped stays unambiguous. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A short public reference like `KT-7KQ3M9XD`: 40 random bits, so it cannot be guessed, and a
 * lookup still needs the matching email besides (and is rate limited).
 */
export function newReference(): string {
  // 40 bits fit a double exactly, so plain arithmetic splits them into eight 5-bit symbols.
  let value = randomBytes(5).reduce((acc, byte) => acc * 256 + byte, 0);
  let code = '';
  for (let i = 0; i < 8; i += 1) {
    code = `${ALPHABET[value % 32] ?? ''}${code}`;
    value = Math.floor(value / 32);
  }
  return `KT-${code}`;
}
