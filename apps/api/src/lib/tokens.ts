import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TOKEN_TTL } from '@kettle/shared';

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
};

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
    verifyAccess: async (token) => {
      try {
        // Only HS256 is accepted: 'none' and algorithm-confusion tokens fail here.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (payload.typ !== ACCESS_TYPE || typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, admin: payload.admin === true };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
