import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed image link works at most (full images always; previews of unpublished posts). */
export const SIGNED_URL_TTL_SECONDS = 3600;

/**
 * Links minted within the same quarter hour carry the same expiry, so they are the same URL and
 * the browser's cache serves them across page loads; each still lives 45 to 60 minutes.
 */
export const SIGNED_URL_BUCKET_SECONDS = 900;

/**
 * imageUrl never sets exp past now + TTL, so an `exp` further ahead than that (plus a little clock
 * skew between instances) was not minted by us; refusing it means no link can live for ever.
 */
const MAX_CLOCK_SKEW_SECONDS = 60;

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * HMAC-SHA256 over key and expiry. The 'image:' prefix keeps these MACs apart from anything else
 * signed with the same server secret, and ':' cannot occur in a key, so (key, exp) never collide.
 */
function sign(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`image:${key}:${exp}`).digest('base64url');
}

/** When a link minted now expires: the start of the current bucket plus the TTL. */
export function signedUrlExpiry(now: Date = new Date()): number {
  const seconds = nowSeconds(now);
  return seconds - (seconds % SIGNED_URL_BUCKET_SECONDS) + SIGNED_URL_TTL_SECONDS;
}

/**
 * The address of a stored file. Only previews of approved posts are public (cacheable for ever:
 * keys are random and never reused). Full images, and anything of an unpublished post, reach
 * only those allowed to see them (decisions 'Privacy'), but an <img> tag cannot send a bearer
 * token, so the URL itself carries a short-lived HMAC instead: hand it out only in responses the
 * caller is authorised to see.
 */
export function imageUrl(secret: string, key: string, access: { public: boolean }, now: Date = new Date()): string {
  const path = `/uploads/${key}.webp`;
  if (access.public) return path;
  const exp = signedUrlExpiry(now);
  return `${path}?exp=${exp}&sig=${sign(secret, key, exp)}`;
}

/** True when `sig` was made by imageUrl for this key and `exp` has not passed. */
export function verifyImageSignature(
  secret: string,
  key: string,
  exp: string | number | undefined,
  sig: string | undefined,
  now: Date = new Date(),
): boolean {
  if (sig === undefined || exp === undefined) return false;
  const expText = String(exp);
  if (!/^\d{1,12}$/.test(expText)) return false;
  const expSeconds = Number(expText);
  const current = nowSeconds(now);
  if (expSeconds < current) return false;
  if (expSeconds > current + SIGNED_URL_TTL_SECONDS + MAX_CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(sign(secret, key, expSeconds));
  const given = Buffer.from(sig);
  // timingSafeEqual needs equal lengths; a length mismatch says nothing about the secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
