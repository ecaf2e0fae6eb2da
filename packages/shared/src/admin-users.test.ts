import { describe, expect, it } from 'vitest';
import { adminUserEditFormSchema, adminUserUpdateSchema } from './admin-users.js';
import { adminCoinsFormSchema } from './coins.js';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('adminCoinsFormSchema', () => {
  it('lets a balance be set to zero but not zero coins be added', () => {
    expect(adminCoinsFormSchema.safeParse({ mode: 'set', amount: 0, reason: 'Reset' }).success).toBe(true);
    expect(firstMessage(adminCoinsFormSchema.safeParse({ mode: 'add', amount: 0, reason: 'Gift' }))).toBe(
      'Amount must be at least 1',
    );
  });

  it('wants a whole amount and a trimmed reason of 3 to 200 characters', () => {
    expect(firstMessage(adminCoinsFormSchema.safeParse({ mode: 'add', amount: Number.NaN, reason: 'Gift' }))).toBe(
      'Amount is required',
    );
    expect(firstMessage(adminCoinsFormSchema.safeParse({ mode: 'set', amount: 2.5, reason: 'Gift' }))).toBe(
      'Amount must be a whole number',
    );
    const blank = adminCoinsFormSchema.safeParse({ mode: 'add', amount: 1, reason: '   ' });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual(['Reason is required']);
    expect(adminCoinsFormSchema.parse({ mode: 'add', amount: 1, reason: '  Gift  ' }).reason).toBe('Gift');
    expect(firstMessage(adminCoinsFormSchema.safeParse({ mode: 'add', amount: 1, reason: 'x'.repeat(201) }))).toBe(
      'Reason must be at most 200 characters',
    );
  });
});

describe('adminUserUpdateSchema', () => {
  it('keeps only the four fields and needs at least one of them', () => {
    expect(adminUserUpdateSchema.parse({ is_admin: true, coin_balance: 5 })).toEqual({ is_admin: true });
    expect(firstMessage(adminUserUpdateSchema.safeParse({ coin_balance: 5 }))).toBe('Change at least one field.');
  });

  it('normalises the email and applies the sign-up username rule', () => {
    expect(adminUserUpdateSchema.parse({ email: ' Ava@Example.COM ' })).toEqual({ email: 'ava@example.com' });
    expect(adminUserEditFormSchema.safeParse({ username: 'a b', email: 'a@b.co', is_admin: false }).success).toBe(
      false,
    );
  });
});
