import { api } from '@/lib/api-client';
import { getSession, logout } from '@/lib/session';

/** Revokes the refresh token on the server (best effort), then clears the local session. */
export async function signOut(): Promise<void> {
  const { refreshToken } = getSession();
  if (refreshToken) {
    await api.post('/auth/logout', { refresh_token: refreshToken }).catch(() => undefined);
  }
  logout();
}
