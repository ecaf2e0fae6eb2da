import { z } from './z.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers and underscores');

/** The signed-in user as they see themselves (email included: it is their own). */
export const currentUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  /** The end of a suspension in force (issue 14); null when the account may act. */
  suspended_until: z.string().nullable(),
  coin_balance: z.number().int(),
  created_at: z.string(),
  /** Two-factor sign-in is on (issue 14). */
  two_factor_enabled: z.boolean(),
  /**
   * An admin in production without two-factor sign-in: admin tools answer 403 until it is on,
   * and everywhere else the account acts as a member's.
   */
  two_factor_required: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Whether the signed-in user's admin powers are in force (not waiting for two-factor sign-in). */
export const actsAsAdmin = (user: Pick<CurrentUser, 'is_admin' | 'two_factor_required'> | undefined): boolean =>
  user?.is_admin === true && !user.two_factor_required;

export const profileUpdateSchema = z.object({ username: usernameField });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
