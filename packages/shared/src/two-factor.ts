import { z } from './z.js';
import { tokenPairSchema } from './auth.js';

/** Two-factor sign-in (issue 14): TOTP per RFC 6238 with one-time recovery codes. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the challenge that sign-in answers stays good for the code step. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 300;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your app, or a recovery code',
  codeInvalid: 'That code is not valid. Check your app and try again.',
  /** 400 TWO_FACTOR_CODE_USED: a right code whose time step was already accepted (a replay). */
  codeUsed: 'This code was just used; wait for the next one.',
  challengeExpired: 'Your sign-in took too long. Sign in again.',
  notSetUp: 'Start two-factor setup first.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  /** 403 TWO_FACTOR_REQUIRED: an admin without it, in production. */
  requiredForAdmins: 'Admins must turn on two-factor sign-in before using admin tools.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  recoveryCodesNote: 'Each recovery code works once. They are shown only now.',
  setupFailed: 'Failed to start two-factor setup',
  /** An admin resetting a member's two-factor sign-in (lost device and codes). */
  cannotResetOwn: 'Turn off your own two-factor sign-in from My Account.',
  reset: 'Two-factor sign-in is off for this user, and they were signed out everywhere.',
  resetFailed: 'Failed to reset two-factor sign-in',
  /** 429 after five wrong codes in 15 minutes. */
  tooManyAttempts: 'Too many wrong codes. Wait 15 minutes and try again.',
} as const;

/** What the web screens say about two-factor sign-in, beside the API's messages above. */
export const TWO_FACTOR_TEXT = {
  cardTitle: 'Two-factor sign-in',
  cardDescription: 'Ask for a code from an authenticator app each time you sign in, as well as your password.',
  statusFailed: 'Failed to load your two-factor sign-in settings',
  codesLeft: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left`,
  codesLow: 'Running low: turn two-factor sign-in off and on again for a new set of codes.',
  offExplained: 'Only your password protects your account now.',
  scan: 'Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).',
  qrLabel: 'QR code for your authenticator app',
  qrFailed: "The QR code couldn't be drawn. Type the setup key into your app instead.",
  keyLabel: 'Setup key',
  keyHint: "Can't scan? Add an account in your app by hand with this key (time-based).",
  codeHint: 'Enter the 6-digit code your app shows now.',
  passwordHint: 'Your Kettle password, to confirm it is you.',
  codesTitle: 'Save your recovery codes',
  codesExplained: 'If you lose your phone, sign in with one of these instead of a code from the app.',
  codesCopied: 'Recovery codes copied.',
  copyFailed: "Couldn't copy. Select the codes and copy them, or download them.",
  keyCopied: 'Setup key copied.',
  signInAgainOn: 'Turning it on signs you out everywhere, for your safety. Sign in again with a code from your app.',
  signedOutOn: 'Two-factor sign-in is on. Sign in again with a code from your app.',
  signedOutOff: 'Two-factor sign-in is off. Sign in again with your password.',
  disableDescription:
    'Your account will be protected by your password only, and you will be signed out everywhere. ' +
    'Enter your password and a code from your app (or a recovery code).',
  disableFailed: 'Failed to turn off two-factor sign-in',
  enableFailed: 'Failed to turn on two-factor sign-in',
  challengeTitle: 'Enter your code',
  challengeApp: 'Open your authenticator app and enter the 6-digit code for Kettle.',
  challengeRecovery: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.',
  verifyFailed: 'Failed to check your code',
  adminTitle: 'Turn on two-factor sign-in',
  adminLead: 'The admin tools open once it is on. You need an authenticator app on your phone.',
  deleteCodeHint: 'Two-factor sign-in is on: enter a code from your app, or a recovery code.',
} as const;

/** A TOTP code or a recovery code (10 characters, dash optional), as the person typed it. */
export const twoFactorCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(32, TWO_FACTOR_MESSAGES.codeInvalid);

/** POST /auth/2fa/setup answers the secret to show and the URL for the QR code. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The account's own password, as the settings that could lock its owner out ask for it again. */
const currentPasswordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

/** Just a code: the second step of a sign-in, where the challenge stands for the password. */
export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });

/**
 * Turning it on asks for the password too: a stolen session alone must not be able to tie the
 * account to someone else's app and so lock its owner out.
 */
export const twoFactorEnableSchema = z.object({ password: currentPasswordField, code: twoFactorCodeField });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;
/** Answered once: the codes are stored only as hashes. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableSchema = z.object({ password: currentPasswordField, code: twoFactorCodeField });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

export const twoFactorVerifySchema = z.object({
  challenge_token: z.string().min(1).max(2000),
  code: twoFactorCodeField,
});
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;

/** What sign-in (password or mailed link) answers when the account has 2FA on: no tokens yet. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const signInResultSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const isTwoFactorChallenge = (value: SignInResult): value is TwoFactorChallenge =>
  'two_factor_required' in value && value.two_factor_required === true;

/** GET /auth/2fa: whether it is on, and how many recovery codes are left. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** True for an admin in production who has not turned it on yet. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
