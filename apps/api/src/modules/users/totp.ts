import { APP_NAME, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@kettle/shared';
import { Secret, TOTP } from 'otpauth';

/** Codes one step either side of now pass, for phones whose clocks run a little fast or slow. */
export const DRIFT_STEPS = 1;

// SHA-1, 6 digits, 30 s: the parameters every authenticator app supports, whatever the URL says.
const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: APP_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** 160 bits, base32, as RFC 4226 recommends for the HMAC-SHA1 key. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URL the QR code carries: issuer Kettle, the account's email as its label. */
export const otpauthUrl = (secret: string, email: string): string => totpOf(secret, email).toString();

/** Six digits, spaces allowed (apps show "123 456"); anything else is tried as a recovery code. */
export const totpShaped = (code: string): string | null => {
  const digits = code.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
};

/**
 * The time step the code belongs to, or null when it matches none within DRIFT_STEPS of `now`.
 * The step, not a yes/no, is what makes a code single-use: the caller stores the last one accepted.
 */
export function stepOfCode(secret: string, code: string, now: number = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
