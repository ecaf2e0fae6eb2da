import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TWO_FACTOR_CHALLENGE_SECONDS } from '@kettle/shared';

// Signed with a key of its own (derived from the server secret) and its own audience and type,
// so a challenge can never pass for an access token, nor an access token for a challenge.
const ISSUER = 'kettle';
const AUDIENCE = 'kettle-2fa';
const PURPOSE = 'two_factor_challenge';
const keyOf = (serverSecret: string): Uint8Array =>
  createHmac('sha256', serverSecret).update('kettle two-factor challenge').digest();

/** What sign-in answers instead of tokens when the password (or mailed link) was right. */
export const signChallenge = (serverSecret: string, userId: string): Promise<string> =>
  new SignJWT({ typ: PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TWO_FACTOR_CHALLENGE_SECONDS}s`)
    .sign(keyOf(serverSecret));

/** The account a challenge was issued to, or null when it is forged, expired or something else. */
export async function challengeOwner(serverSecret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(serverSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    return payload.typ === PURPOSE && typeof payload.sub === 'string' ? payload.sub : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
