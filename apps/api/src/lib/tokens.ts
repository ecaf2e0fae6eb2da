import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { TOKEN_TTL } from '@kettle/shared';
import { isUuid } from './ids.js';

const ISSUER = 'kettle';
const AUDIENCE = 'kettle-api';
const ACCESS_TYPE = 'access';

export type AccessClaims = { sub: string; admin: boolean };

/** 256 bits of randomness, URL-safe: refresh, verification and reset tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only hashes are stored, so a database leak does not hand out live tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type TokenSigner = {
  signAccess: (claims: AccessClaims) => Promise<string>;
  verifyAccess: (token: string) => Promise<AccessClaims | null>;
  /**
   * The claims of a token already checked and not yet expired, at once; undefined otherwise (then
   * verifyAccess decides). Signed-in hooks answer most requests with it, without a promise.
   */
  checkedAccess: (token: string) => AccessClaims | undefined;
};

/**
 * Access tokens already checked, by their exact text, until they expire. A reader's client sends
 * the same token with every call for its 15 minutes; checking its signature again each time is a
 * round trip through the crypto thread pool (docs/performance.md P3). What a token says cannot change,
 * and whether its account may still act is the database's to say on every request, so a token
 * found here is exactly as good as one checked again.
 */
const CHECKED_TOKENS = 10_000;

export function createTokenSigner(secret: string, ttlSeconds: number = TOKEN_TTL.accessSeconds): TokenSigner {
  // Imported once: given raw bytes, jose imports the key again on every call, which doubled the
  // cost of checking the token that every signed-in request carries.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const checked = new LRUCache<string, AccessClaims & { expiresAt: number }>({ max: CHECKED_TOKENS });
  async function check(token: string): Promise<(AccessClaims & { expiresAt: number }) | null> {
    try {
      // Only HS256 is accepted: 'none' and algorithm-confusion tokens fail here.
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      // A subject that is no account id names nobody: a 401, before the database is asked (it would
      // refuse the value as no UUID, and that refusal is no answer for a client).
      if (payload.typ !== ACCESS_TYPE || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        return null;
      if (!isUuid(payload.sub)) return null;
      return { sub: payload.sub, admin: payload.admin === true, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
  return {
    signAccess: async ({ sub, admin }) =>
      new SignJWT({ typ: ACCESS_TYPE, admin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    checkedAccess: (token) => {
      const claims = checked.get(token);
      return claims && claims.expiresAt > Date.now() ? { sub: claims.sub, admin: claims.admin } : undefined;
    },
    verifyAccess: async (token) => {
      let claims = checked.get(token);
      if (claims && claims.expiresAt <= Date.now()) {
        checked.delete(token);
        return null;
      }
      if (!claims) {
        const fresh = await check(token);
        if (!fresh) return null;
        // A copy of its own: a token cut from a live stream's URL would keep that whole URL as
        // long as the cache keeps the token (P7).
        checked.set(Buffer.from(token).toString(), fresh);
        claims = fresh;
      }
      return { sub: claims.sub, admin: claims.admin };
    },
  };
}
