import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  emailQuerySchema,
  loginSchema,
  registerSchema,
  resetPasswordFormSchema,
  signupFormSchema,
} from './auth.js';
import { PASSWORD_RULES } from './passwords.js';
import { profileUpdateSchema } from './users.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const good = { username: 'tea_fan', email: 'Tea@Example.com', password: 'Steep3dLeaves', website: '' };

describe('loginSchema', () => {
  it('accepts and normalises a valid login', () => {
    expect(loginSchema.parse({ email: '  Ava@Kettle.Local ', password: 'secret1' })).toEqual({
      email: 'ava@kettle.local',
      password: 'secret1',
    });
  });
  it.each([
    [{ email: '', password: 'secret1' }, 'email: Please enter a valid email address'],
    [{ email: 'nope', password: 'secret1' }, 'email: Please enter a valid email address'],
    [{ email: 'a@b.co', password: '' }, 'password: Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'password: Password must be at least 6 characters'],
  ])('%j → %s', (input, expected) => {
    expect(messages(loginSchema.safeParse(input))).toContain(expected);
  });
});

describe('registerSchema and the sign-up form', () => {
  it('accepts a valid sign-up', () => expect(registerSchema.parse(good).email).toBe('tea@example.com'));
  it.each([
    [{ username: '' }, 'username: Username is required'],
    [{ username: 'ab' }, 'username: Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'username: Username must be at most 20 characters'],
    [{ username: 'tea fan!' }, 'username: Username can only contain letters, numbers and underscores'],
    [{ email: 'bad' }, 'email: Please enter a valid email address'],
    [{ password: 'Short1' }, 'password: Password must be at least 8 characters'],
    [{ password: 'ALLUPPER123' }, 'password: Password must contain at least one lowercase letter'],
    [{ password: 'alllower123' }, 'password: Password must contain at least one uppercase letter'],
    [{ password: 'NoDigitsHere' }, 'password: Password must contain at least one number'],
    [{ password: 'Password123' }, 'password: This password is too common. Please choose another.'],
    [{ password: `Aa1${'x'.repeat(126)}` }, 'password: Password cannot exceed 128 characters'],
  ])('%j → %s', (patch, expected) => {
    expect(messages(registerSchema.safeParse({ ...good, ...patch }))).toContain(expected);
  });
  it('accepts a 128-character password', () => {
    expect(registerSchema.safeParse({ ...good, password: `Aa1${'x'.repeat(125)}` }).success).toBe(true);
  });
  it("says 'Passwords don't match' on the confirmation", () => {
    const result = signupFormSchema.safeParse({ ...good, confirmPassword: 'Different1x' });
    expect(messages(result)).toContain("confirmPassword: Passwords don't match");
  });
  it('requires the confirmation', () => {
    expect(messages(signupFormSchema.safeParse({ ...good, confirmPassword: '' }))).toContain(
      'confirmPassword: Please confirm your password',
    );
  });
});

describe('the password checklist', () => {
  it('marks each rule as the user types', () => {
    const met = (p: string) => PASSWORD_RULES.filter((r) => r.test(p)).map((r) => r.id);
    expect(met('')).toEqual([]);
    expect(met('abc')).toEqual(['lower']);
    expect(met('abcDEF12')).toEqual(['length', 'lower', 'upper', 'number']);
  });
});

describe('forgot and reset', () => {
  it("says 'Invalid email address' for a bad email", () => {
    expect(messages(emailQuerySchema.safeParse({ email: 'x' }))).toContain('email: Invalid email address');
  });
  it("says 'Passwords do not match' on reset", () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'Steep3dLeaves', confirmPassword: 'Steep3dLeavez' });
    expect(messages(result)).toContain('confirmPassword: Passwords do not match');
  });
  it('requires the minimum length on reset', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'Ab1', confirmPassword: 'Ab1' });
    expect(messages(result)).toContain('password: Password must be at least 8 characters');
  });
  it('checks the change-password confirmation', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: 'x',
      new_password: 'Steep3dLeaves',
      confirm_password: 'nope',
    });
    expect(messages(result)).toContain('confirm_password: Passwords do not match');
  });
});

describe('profileUpdateSchema', () => {
  it('strips fields the user may not set', () => {
    expect(profileUpdateSchema.parse({ username: 'new_name', is_admin: true, coin_balance: 9 })).toEqual({
      username: 'new_name',
    });
  });
});
