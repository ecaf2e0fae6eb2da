import { describe, expect, it } from 'vitest';
import { abbreviateCoins } from './abbreviate-coins.js';
import { extractErrorMessage } from './error-message.js';
import { initials } from './initials.js';
import { timeAgo } from './time-ago.js';

describe('abbreviateCoins', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [2_000_000, '2.0M'],
    [1_250_000_000, '1250.0M'],
    [-1500, '-1.5K'],
  ])('%i → %s', (amount, expected) => {
    expect(abbreviateCoins(amount)).toBe(expected);
  });
});

describe('initials', () => {
  it('takes the first two characters of the username, uppercased', () =>
    expect(initials('tea_lover', 'x@y.z')).toBe('TE'));
  it('falls back to the email', () => expect(initials('', 'maya@example.com')).toBe('MA'));
  it("falls back to 'U'", () => expect(initials(undefined, null)).toBe('U'));
  it('handles a one-character name', () => expect(initials('q')).toBe('Q'));
});

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:59:00Z', '1m ago'],
    ['2026-11-22T11:01:00Z', '59m ago'],
    ['2026-11-22T11:00:00Z', '1h ago'],
    ['2026-11-21T12:00:01Z', '23h ago'],
    ['2026-11-21T12:00:00Z', '1d ago'],
    ['2026-10-23T12:00:00Z', '30d ago'],
    ['not a date', 'just now'],
  ])('%s → %s', (date, expected) => {
    expect(timeAgo(date, now)).toBe(expected);
  });
});

describe('extractErrorMessage (product.md §8 order)', () => {
  it('prefers a string detail', () => expect(extractErrorMessage({ detail: 'A', message: 'B' }, 400)).toBe('A'));
  it('reads detail.message', () => expect(extractErrorMessage({ detail: { message: 'C' } }, 400)).toBe('C'));
  it('then message, then error', () => {
    expect(extractErrorMessage({ message: 'D', error: 'E' }, 400)).toBe('D');
    expect(extractErrorMessage({ error: 'E' }, 400)).toBe('E');
  });
  it('then the status text', () => expect(extractErrorMessage({}, 418, "I'm a teapot")).toBe("I'm a teapot"));
  it('then the status fallback', () => {
    expect(extractErrorMessage(null, 403)).toBe("You don't have permission to perform this action.");
    expect(extractErrorMessage('<html>', 500)).toBe('Server error. Please try again later.');
    expect(extractErrorMessage(undefined, 422)).toBe('Validation failed. Please check your input.');
    expect(extractErrorMessage(undefined, 599)).toBe('Server error. Please try again later.');
  });
});
