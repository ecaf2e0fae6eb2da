import { setTokens } from '@/lib/session';
import { json, route, type ApiHandler } from '@/testing';

/** Shared by the category and state page tests: fixtures for the fake API of '@/testing'. */
export const list = <T,>(data: T[]) => ({
  data,
  metadata: { total_elements: data.length, skip: 0, limit: data.length },
});

/** Signs in (a token in storage) and answers /auth/me for a user or an admin. */
export function signedInAs(role: 'user' | 'admin'): ApiHandler {
  setTokens('access-token', 'refresh-token');
  return route('GET', '/auth/me', () =>
    json({
      id: '7f1c2b8e-0b7a-4a1e-9a57-1b2c3d4e5f60',
      username: role === 'admin' ? 'kettle_admin' : 'tea_lover',
      email: `${role}@example.test`,
      is_admin: role === 'admin',
      is_active: true,
      email_verified: true,
      coin_balance: 100,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  );
}
