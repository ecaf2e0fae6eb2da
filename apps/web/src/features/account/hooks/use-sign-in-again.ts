import { useLocation, useNavigate } from 'react-router';
import { logout } from '@/lib/session';
import { toastSuccess } from '@/lib/toast-store';

/**
 * Turning two-factor sign-in on or off revokes every refresh token on the server: this device's
 * access token works for a few more minutes, then its refresh would fail with 'session expired'.
 * So the change ends the session here at once, says why, and sign-in brings the person back to
 * this page (proving, after turning it on, that the app's codes work).
 */
export function useSignInAgain() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (message: string) => {
    // Locally only: the server has revoked the refresh token, so POST /auth/logout has nothing to do.
    logout(undefined, { redirect: false });
    toastSuccess(message);
    // One render with the sign-out, so the page's guard does not send the visitor on first.
    void navigate('/auth/signin', { replace: true, flushSync: true, state: { from: pathname } });
  };
}
