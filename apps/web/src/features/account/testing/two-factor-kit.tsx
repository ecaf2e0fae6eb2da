import type { TwoFactorSetup, TwoFactorStatus } from '@kettle/shared';
import { RequireAuth } from '@/app/guards/require-auth';
import { landing, reader, renderRoute, stubApi, type ApiRoutes } from '@/testing';
import { TwoFactorCard } from '../components/two-factor-card';

export const STATUS = 'GET /auth/2fa';
export const SETUP = 'POST /auth/2fa/setup';
export const ENABLE = 'POST /auth/2fa/enable';
export const DISABLE = 'POST /auth/2fa/disable';

export const status = (overrides: Partial<TwoFactorStatus> = {}): TwoFactorStatus => ({
  enabled: false,
  recovery_codes_left: 0,
  required: false,
  ...overrides,
});

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const SETUP_ANSWER: TwoFactorSetup = {
  secret: SECRET,
  otpauth_url: `otpauth://totp/Kettle:ava%40example.com?issuer=Kettle&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
};
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `k${index}t3a-b${index}r3w`);

/** A refused code as the API answers it: 400 TWO_FACTOR_INVALID at the code field. */
export const codeRefused = (detail: string) => ({
  detail,
  code: 'TWO_FACTOR_INVALID',
  errors: [{ field: 'code', message: detail }],
});

/** The card on My Account behind its sign-in guard, as a signed-in reader sees it. */
export function renderTwoFactorCard(routes: ApiRoutes) {
  const stub = stubApi(routes);
  const rendered = renderRoute('/account', {
    routes: [
      { element: <RequireAuth />, children: [{ path: '/account', element: <TwoFactorCard /> }] },
      landing('/auth/signin', 'Sign in page'),
    ],
    user: reader(40),
  });
  return { ...stub, ...rendered };
}

/**
 * The card's lazy parts (setup with the QR encoder, the Turn off dialog), loaded before the tests:
 * on a busy 2-core machine their first transform alone could outlast a test's 5 seconds.
 */
export const preloadTwoFactorChunks = () =>
  Promise.all([
    import('../components/two-factor-setup'),
    import('../components/two-factor-disable-dialog'),
    import('qrcode'),
  ]);
