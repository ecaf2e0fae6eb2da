import { z } from 'zod';

export const COIN_MESSAGES = {
  dailyDropClaimed: 'Daily drop claimed',
  dailyDropTaken: "You already claimed today's drop. Come back tomorrow.",
  balanceUpdated: 'User coin balance updated successfully!',
  balanceAdded: 'User coin balance added successfully!',
} as const;

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

const reasonField = z.string().trim().max(200, 'Reason must be at most 200 characters').optional();

export const addCoinsSchema = z.object({
  coins_to_add: amountField.min(1, 'Amount must be at least 1'),
  reason: reasonField,
});
export type AddCoinsInput = z.input<typeof addCoinsSchema>;

export const setCoinBalanceSchema = z.object({
  coin_balance: amountField.min(0, 'Amount cannot be negative'),
  reason: reasonField,
});
export type SetCoinBalanceInput = z.input<typeof setCoinBalanceSchema>;

/** A user as admins see them (spec §3 User). */
export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  coin_balance: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
