import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// The TOTP secret must be read back to check codes, so it cannot be hashed like a password:
// it is encrypted with a key derived from the two-factor key, so a copy of the database alone
// does not let anyone make codes. The user id is bound in as associated data, so a sealed
// secret copied onto another account does not open there.
const VERSION = 'v1';
const TAG_BYTES = 16;
const keyOf = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('kettle two-factor secret seal').digest();

export function sealSecret(serverSecret: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
}

/** The secret, or null when the text was not sealed by this server secret for this user. */
export function openSecret(serverSecret: string, userId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    // A fixed tag length: GCM would otherwise accept a truncated tag, which is easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
