import { z } from './z.js';
import { accountStandingSummarySchema } from './account-standing.js';
import { COIN_REASON_MIN, COIN_REASON_MAX } from './coins-constants.js';

export * from './coins-constants.js';

export const dailyDropStatusSchema = z.object({
  amount: z.number().int(),
  available: z.boolean(),
  /** The next UTC midnight, when a new drop can be claimed. */
  next_drop_at: z.string(),
});
export type DailyDropStatus = z.infer<typeof dailyDropStatusSchema>;

export const dailyDropResultSchema = z.object({
  coins_added: z.number().int(),
  coin_balance: z.number().int(),
  next_drop_at: z.string(),
});
export type DailyDropResult = z.infer<typeof dailyDropResultSchema>;

const amountField = z
  .number({ error: 'Amount is required' })
  .int('Amount must be a whole number')
  .max(10_000_000, 'Amount is too large');
const addAmountField = amountField.min(1, 'Amount must be at least 1');
const setAmountField = amountField.min(0, 'Amount cannot be negative');

/** Every coin change by an admin says why (issue 6): the text lands in the ledger row and the audit log. */
const reasonField = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, { error: 'Reason is required', abort: true })
  .min(COIN_REASON_MIN, `Reason must be at least ${COIN_REASON_MIN} characters`)
  .max(COIN_REASON_MAX, `Reason must be at most ${COIN_REASON_MAX} characters`);

export const addCoinsSchema = z.object({
  coins_to_add: addAmountField,
  reason: reasonField,
});
export type AddCoinsInput = z.input<typeof addCoinsSchema>;

export const setCoinBalanceSchema = z.object({
  coin_balance: setAmountField,
  reason: reasonField,
});
export type SetCoinBalanceInput = z.input<typeof setCoinBalanceSchema>;

/** The dialog's form: the same amount and reason rules as the two calls it makes. */
export const adminCoinsFormSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('add'), amount: addAmountField, reason: reasonField }),
  z.object({ mode: z.literal('set'), amount: setAmountField, reason: reasonField }),
]);
export type AdminCoinsFormInput = z.input<typeof adminCoinsFormSchema>;
export type AdminCoinsFormData = z.output<typeof adminCoinsFormSchema>;

/** A user as admins see them (product.md §3 User). */
export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  coin_balance: z.number().int(),
  /** Coins a refund or dispute took back after they were spent; above zero the account cannot spend. */
  coin_debt: z.number().int(),
  /** Whether sign-in asks for a code; an admin can reset it for a member who lost their device. */
  two_factor_enabled: z.boolean(),
  /** What the account really is (active, suspended, banned, deactivated, deleted), with its rule and date. */
  standing: accountStandingSummarySchema,
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
