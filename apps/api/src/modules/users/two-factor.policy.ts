import type { Config } from '../../config.js';
import type { UserRow } from '../../db/rows.js';

type TwoFactorFacts = Pick<UserRow, 'isAdmin' | 'twoFactorEnabledAt'>;

/** A secret set by setup is only pending until enable proves the app has it. */
export const twoFactorOn = (user: Pick<UserRow, 'twoFactorEnabledAt'>): boolean => user.twoFactorEnabledAt !== null;

/**
 * An admin in production without two-factor sign-in: admin routes refuse them until it is on.
 * Outside production (development, tests, the demo) admins may go without, to keep trying the
 * app cheap; the demo admin would otherwise need an authenticator app before anything else.
 */
export const twoFactorMissing = (config: Pick<Config, 'isProduction'>, user: TwoFactorFacts): boolean =>
  config.isProduction && user.isAdmin && !twoFactorOn(user);

/**
 * Who the account acts as. An admin's powers wait for two-factor sign-in where it is required:
 * until it is on, the account acts as a member's everywhere (paid content locked, pending teas
 * hidden, no moderation), and admin routes refuse it with TWO_FACTOR_REQUIRED. A stolen admin
 * password alone therefore opens nothing a member's would not.
 */
export const actingAs = <T extends TwoFactorFacts>(config: Pick<Config, 'isProduction'>, user: T): T =>
  twoFactorMissing(config, user) ? { ...user, isAdmin: false } : user;
