import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { MESSAGES } from '@kettle/shared';
import { tooManyRequests } from './app-error.js';

/** Every abuse limit in one table: points allowed per window (seconds). */
export const RATE_LIMIT_RULES = {
  /** Failed sign-ins from one address, whatever the account (credential stuffing). */
  loginFailuresPerIp: { points: 10, duration: 60 },
  /** Failed sign-ins of one account from one address; a success resets it. */
  loginFailuresPerAccountIp: { points: 5, duration: 60 },
  /**
   * Failed sign-ins of one account from every address. Past it the password path closes and a
   * mailed sign-in link is asked for instead of a lockout, so no one can keep the owner out.
   */
  loginFailuresPerAccount: { points: 50, duration: 3600 },
  registerPerIp: { points: 10, duration: 3600 },
  forgotPerIp: { points: 10, duration: 3600 },
  forgotPerAccount: { points: 3, duration: 3600 },
  resendPerIp: { points: 10, duration: 3600 },
  resendPerAccount: { points: 3, duration: 3600 },
  signInLinkPerIp: { points: 10, duration: 3600 },
  /** Higher than reset: a stranger spending this budget would keep the owner from the link path. */
  signInLinkPerAccount: { points: 5, duration: 3600 },
  contactPerIp: { points: 10, duration: 3600 },
  /** check-password and update-password: a stolen access token must not brute-force the password. */
  passwordCheckPerAccount: { points: 10, duration: 900 },
  /** Takedown requests are open to visitors and mail the address given: keep the form from relaying spam. */
  takedownPerIp: { points: 5, duration: 3600 },
  /**
   * Mail the public forms send to an address nobody proved is theirs, per normalised recipient:
   * sent from many IP addresses, the per-IP limit alone would still let one inbox be flooded.
   */
  unverifiedMailPerRecipient: { points: 3, duration: 3600 },
  /** A lookup needs reference and email; the limit keeps either from being guessed. */
  takedownLookupPerIp: { points: 20, duration: 3600 },
  /** A banned user's appeal is open to visitors: reference and email must not be guessable by trying. */
  banAppealPerIp: { points: 5, duration: 3600 },
  /**
   * Wrong two-factor codes of one account (sign-in challenge, disable, account deletion), counted
   * only when refused: a million TOTP codes and 50-bit recovery codes stay out of a guesser's reach.
   */
  twoFactorFailuresPerUser: { points: 5, duration: 900 },
  /** A data export reads every table the user appears in: a few an hour is plenty for a person. */
  exportPerUser: { points: 5, duration: 3600 },
  /** Each checkout opens a provider session and a pending purchase: 10 per user per 10 minutes. */
  checkoutPerUser: { points: 10, duration: 600 },
  /** Anonymous searches per address per minute: whole-handle guesses stay slow (issue 10, item 1). */
  searchPerIp: { points: 60, duration: 60 },
  /**
   * Whole-handle searches per signed-in account per minute, the same budget: an account guesses
   * handles from as many addresses as it likes, so it is counted itself.
   */
  handleSearchPerAccount: { points: 60, duration: 60 },
  /** Privacy-guard checks per account per minute, the search budget: the web composer checks in the browser. */
  guardCheckPerAccount: { points: 60, duration: 60 },
  /** Bytes of images a user may send per minute, counted before any is decoded (free work before payment). */
  uploadBytesPerUser: { points: 50 * 1024 * 1024, duration: 60 },
  /** GET /uploads/* per address: previews are public, and every file read costs a disk read. */
  uploadReadsPerIp: { points: 600, duration: 60 },
} as const;

export type RuleName = keyof typeof RATE_LIMIT_RULES;

export type RateLimits = {
  /** Counts one hit; throws 429 when the budget is spent. */
  hit: (rule: RuleName, key: string, detail?: string) => Promise<void>;
  /** Counts `points` at once (bytes for the upload budget); throws 429 once the budget is overspent. */
  spend: (rule: RuleName, key: string, points: number, detail?: string) => Promise<void>;
  /** Throws 429 if the budget is already spent, without counting (login checks before verifying). */
  assertAvailable: (rule: RuleName, key: string, detail?: string) => Promise<void>;
  /** True when the budget is already spent, without counting (a ceiling that redirects, not a 429). */
  isSpent: (rule: RuleName, key: string) => Promise<boolean>;
  /** Counts one hit without ever throwing (a ceiling read by `isSpent`, not a 429). */
  count: (rule: RuleName, key: string) => Promise<void>;
  reset: (rule: RuleName, key: string) => Promise<void>;
};

const DEFAULT_DETAIL = MESSAGES.auth.tooManyAttempts;

export function createRateLimits(options: {
  prefix: string;
  redis?: Redis;
  /** Per-rule budgets replacing the defaults (configuration; test servers that sign up many users). */
  points?: Partial<Record<RuleName, number>>;
}): RateLimits {
  const limiters = new Map<RuleName, RateLimiterAbstract>();
  const budget = (name: RuleName): number => options.points?.[name] ?? RATE_LIMIT_RULES[name].points;
  for (const name of Object.keys(RATE_LIMIT_RULES) as RuleName[]) {
    const rule = { duration: RATE_LIMIT_RULES[name].duration, points: budget(name) };
    const keyPrefix = `${options.prefix}:rl:${name}`;
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, ...rule })
        : new RateLimiterMemory({ keyPrefix, ...rule }),
    );
  }
  const limiter = (rule: RuleName): RateLimiterAbstract => {
    const found = limiters.get(rule);
    if (!found) throw new Error(`Unknown rate limit rule ${rule}`);
    return found;
  };

  const spend = async (rule: RuleName, key: string, points: number, detail: string = DEFAULT_DETAIL) => {
    try {
      await limiter(rule).consume(key, points);
    } catch (error) {
      // A store failure is not a limit: it propagates and the request fails closed.
      if (error instanceof RateLimiterRes) throw tooManyRequests(detail, error.msBeforeNext / 1000);
      throw error;
    }
  };

  return {
    hit: (rule, key, detail) => spend(rule, key, 1, detail),
    spend,
    assertAvailable: async (rule, key, detail = DEFAULT_DETAIL) => {
      const state = await limiter(rule).get(key);
      if (state && state.consumedPoints >= budget(rule)) {
        throw tooManyRequests(detail, state.msBeforeNext / 1000);
      }
    },
    isSpent: async (rule, key) => {
      const state = await limiter(rule).get(key);
      return state !== null && state.consumedPoints >= budget(rule);
    },
    count: async (rule, key) => {
      // penalty() adds points and never rejects for being over the budget.
      await limiter(rule).penalty(key, 1);
    },
    reset: async (rule, key) => {
      await limiter(rule).delete(key);
    },
  };
}
