import { z } from './z.js';
import { tokenPairSchema } from './auth.js';

/** Two-factor sign-in (issue 14): TOTP per RFC 6238 with one-time recovery codes. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your app, or a recovery code',
  codeInvalid: 'That code is not valid. Check your app and try again.',
  codeUsed: 'That code was already used. Wait for the next one.',
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

export const twoFactorEnableSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;
/** Answered once: the codes are stored only as hashes. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  code: twoFactorCodeField,
});
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
