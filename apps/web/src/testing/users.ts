import type { CurrentUser } from '@kettle/shared';

/** The signed-in reader the web tests use, with the balance a test needs. */
export const reader = (coin_balance: number): CurrentUser => ({
  id: '44444444-4444-4444-8444-444444444444',
  username: 'ava',
  email: 'ava@example.com',
  is_admin: false,
  is_active: true,
  email_verified: true,
  suspended_until: null,
  coin_balance,
  created_at: '2026-01-01T00:00:00.000Z',
  two_factor_enabled: false,
  two_factor_required: false,
});
