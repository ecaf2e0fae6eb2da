import { describe, expect, it } from 'vitest';
import { newStorageKey } from './process-image.js';
import { imageUrl, SIGNED_URL_BUCKET_SECONDS, SIGNED_URL_TTL_SECONDS, verifyImageSignature } from './image-urls.js';

const SECRET = 'test-secret-0123456789abcdef';
const NOW = new Date('2025-06-01T12:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000);

function parse(url: string): { key: string; exp: string | undefined; sig: string | undefined } {
  const parsed = new URL(url, 'http://kettle.test');
  const match = /^\/uploads\/([A-Za-z0-9_-]+)\.webp$/.exec(parsed.pathname);
  if (!match?.[1]) throw new Error(`unexpected image url ${url}`);
  return {
    key: match[1],
    exp: parsed.searchParams.get('exp') ?? undefined,
    sig: parsed.searchParams.get('sig') ?? undefined,
  };
}

describe('imageUrl', () => {
  const key = newStorageKey();

  it('mints the same link within a quarter hour, so the browser cache can serve it, and never lives past an hour', () => {
    const first = imageUrl(SECRET, key, { public: false }, at(60));
    expect(imageUrl(SECRET, key, { public: false }, at(14 * 60))).toBe(first);
    expect(imageUrl(SECRET, key, { public: false }, at(15 * 60))).not.toBe(first);
    for (const offset of [0, 60, 899, 900, 1799]) {
      const exp = Number(parse(imageUrl(SECRET, key, { public: false }, at(offset))).exp);
      const lives = exp - Math.floor(at(offset).getTime() / 1000);
      expect(lives).toBeGreaterThan(SIGNED_URL_TTL_SECONDS - SIGNED_URL_BUCKET_SECONDS);
      expect(lives).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS);
    }
  });

  it('gives public previews a plain, unsigned path', () => {
    expect(imageUrl(SECRET, key, { public: true }, NOW)).toBe(`/uploads/${key}.webp`);
  });

  it('signs private images for one hour', () => {
    const { key: urlKey, exp, sig } = parse(imageUrl(SECRET, key, { public: false }, NOW));
    expect(urlKey).toBe(key);
    expect(Number(exp)).toBe(Math.floor(NOW.getTime() / 1000) + SIGNED_URL_TTL_SECONDS);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('verifyImageSignature', () => {
  const key = newStorageKey();
  const { exp, sig } = parse(imageUrl(SECRET, key, { public: false }, NOW));

  it('accepts a fresh signature until it expires', () => {
    expect(verifyImageSignature(SECRET, key, exp, sig, NOW)).toBe(true);
    expect(verifyImageSignature(SECRET, key, exp, sig, at(SIGNED_URL_TTL_SECONDS))).toBe(true);
  });

  it('refuses an expired signature', () => {
    expect(verifyImageSignature(SECRET, key, exp, sig, at(SIGNED_URL_TTL_SECONDS + 1))).toBe(false);
  });

  it('refuses a tampered signature or expiry', () => {
    const flipped = `${sig?.startsWith('A') ? 'B' : 'A'}${sig?.slice(1) ?? ''}`;
    expect(verifyImageSignature(SECRET, key, exp, flipped, NOW)).toBe(false);
    expect(verifyImageSignature(SECRET, key, String(Number(exp) + 1), sig, NOW)).toBe(false);
    expect(verifyImageSignature(SECRET, key, exp, `${sig ?? ''}x`, NOW)).toBe(false);
    expect(verifyImageSignature(SECRET, key, exp, '', NOW)).toBe(false);
  });

  it('refuses the signature on another key, or made with another secret', () => {
    expect(verifyImageSignature(SECRET, newStorageKey(), exp, sig, NOW)).toBe(false);
    expect(verifyImageSignature('another-secret-abcdef0123456789', key, exp, sig, NOW)).toBe(false);
  });

  it('refuses missing, malformed or far-future expiries', () => {
    expect(verifyImageSignature(SECRET, key, undefined, sig, NOW)).toBe(false);
    expect(verifyImageSignature(SECRET, key, exp, undefined, NOW)).toBe(false);
    for (const bad of ['', 'abc', '1e12', '-1', ' 1', `${exp ?? ''}.0`]) {
      expect(verifyImageSignature(SECRET, key, bad, sig, NOW)).toBe(false);
    }
    // A link valid for a year is not one we minted, even if it carries a correct MAC.
    const far = parse(imageUrl(SECRET, key, { public: false }, at(365 * 86400)));
    expect(verifyImageSignature(SECRET, key, far.exp, far.sig, NOW)).toBe(false);
  });
});
