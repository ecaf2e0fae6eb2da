import type { AccountState, AdminUser, AdminUserList } from '@kettle/shared';
import { json } from '@/testing';

let counter = 0;

/** A standing with no rule or dates (active, deactivated); `more` adds them. */
export const standingOf = (state: AccountState, more: Partial<AdminUser['standing']> = {}): AdminUser['standing'] => ({
  state,
  since: null,
  until: null,
  rule_title: null,
  action_id: null,
  ...more,
});

/** An active member as the admin API returns them; `overrides` change any field. */
export function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  counter += 1;
  return {
    id: `5b5b5b5b-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    username: `member_${counter}`,
    email: `member${counter}@example.com`,
    is_admin: false,
    is_active: true,
    email_verified: true,
    coin_balance: 120,
    coin_debt: 0,
    two_factor_enabled: false,
    standing: standingOf(overrides.is_active === false ? 'deactivated' : 'active'),
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in admin, as /auth/me answers. */
export const ME = makeUser({ username: 'boss', email: 'boss@kettle.local', is_admin: true });

/** A page of GET /users/admin/all: `total` across all pages, this page starting at `skip`. */
export function userPage(users: AdminUser[], { total = users.length, skip = 0, limit = 9 } = {}): AdminUserList {
  return { data: users, metadata: { total_elements: total, skip, limit } };
}

export const userPageResponse = (...args: Parameters<typeof userPage>) => json(userPage(...args));
