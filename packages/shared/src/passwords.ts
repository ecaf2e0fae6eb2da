import { z } from './z.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The live checklist on sign-up and reset shows exactly these rules. */
export const PASSWORD_RULES = [
  { id: 'length', label: `At least ${PASSWORD_MIN} characters`, test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\d/.test(p) },
] as const;

/** Passwords that pass the character rules but top every breach list. */
const COMMON_PASSWORDS = new Set(
  [
    'password1',
    'password12',
    'password123',
    'password1234',
    'passw0rd',
    'p@ssw0rd',
    'qwerty123',
    'qwerty1234',
    'welcome1',
    'welcome123',
    'letmein1',
    'letmein123',
    'abc12345',
    'abcd1234',
    'admin123',
    'admin1234',
    'iloveyou1',
    'sunshine1',
    'princess1',
    'football1',
    'baseball1',
    'monkey123',
    'dragon123',
    'master123',
    'trustno1',
    'changeme1',
    'summer2024',
    'summer2025',
    'summer2026',
    'winter2025',
    'spring2026',
    'autumn2026',
    'qazwsx123',
    'zaq12wsx',
    '1qaz2wsx',
    'superman1',
    'michael1',
    'jennifer1',
    'charlie1',
    'shadow123',
    'hello123',
    'test1234',
  ].map((p) => p.toLowerCase()),
);

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** A new password: sign-up, reset and change all hold it to the same rules. */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`)
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/\d/, 'Password must contain at least one number')
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);
