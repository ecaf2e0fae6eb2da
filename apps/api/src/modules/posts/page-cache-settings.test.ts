import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectPagesKeptThrough, type PageKeepingWrite } from '../../../test/page-cache-kit.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost } from '../../../test/reading-kit.js';
import { subscriptionCall } from '../../../test/subscriptions-kit.js';
import { codeFor, disable, enable, setup } from '../../../test/two-factor-kit.js';
import { tokensFor } from '../../../test/factories.js';

/**
 * A member's own settings change nothing a kept page shows, so none of them may empty every
 * server's page cache: before, any member (and signing up is free) could do that at will by
 * blocking and unblocking, or turning two-factor sign-in on and off.
 */
describe("the page cache through a member's own settings", () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    { env: { PAGE_CACHE_MS: '60000' }, build: { sweeps: false } },
  );

  const send = (auth: Auth, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `${API}${url}`, headers: auth, ...(payload ? { payload } : {}) });

  it('keeps its pages through two-factor sign-in, blocks, an appeal and every subscription call', async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const admin = await signedIn(app, { isAdmin: true });
    const member = await signedIn(app, { coins: 100 });
    const { access } = await tokensFor(app, member.user);
    const warning = await app.inject({
      method: 'POST',
      url: `${API}/admin/users/${member.user.id}/actions`,
      headers: admin.auth,
      payload: { kind: 'warning', rule: 'fair_play', message: 'Mind the handles you name.' },
    });
    expect(warning.statusCode).toBe(201);

    let secret = '';
    let recoveryCode = '';
    let session = '';
    const subscription = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
      subscriptionCall(app, member.auth, method, path, payload);
    const writes: PageKeepingWrite[] = [
      [
        'two-factor setup',
        200,
        async () => {
          const res = await setup(app, access);
          secret = res.json<{ secret: string }>().secret;
          return res;
        },
      ],
      [
        'two-factor on',
        200,
        async () => {
          const res = await enable(app, access, codeFor(secret));
          recoveryCode = res.json<{ recovery_codes: string[] }>().recovery_codes[0] ?? '';
          return res;
        },
      ],
      ['two-factor off', 200, () => disable(app, access, { password: member.user.password, code: recoveryCode })],
      ['a block', 200, () => send(member.auth, 'POST', '/users/me/blocks', { user_id: author.user.id })],
      ['an unblock', 204, () => send(member.auth, 'DELETE', `/users/me/blocks/${author.user.id}`)],
      [
        'an appeal',
        201,
        () =>
          send(member.auth, 'POST', '/appeals', {
            target_type: 'action',
            target_id: warning.json<{ id: string }>().id,
            statement: 'I named a public handle, and every word of it can be checked.',
          }),
      ],
      [
        'a checkout',
        200,
        async () => {
          const res = await subscription('POST', '/checkout', { price_id: 'sip_monthly' });
          session = res.json<{ session_id: string }>().session_id;
          return res;
        },
      ],
      ['a paid checkout', 200, () => subscription('POST', `/dev/${session}`, { action: 'pay' })],
      ['a cancellation', 200, () => subscription('POST', '/cancel')],
      ['a resumption', 200, () => subscription('POST', '/resume')],
      ['another plan', 200, () => subscription('POST', '/update-plan', { price_id: 'brew_monthly' })],
      ['a coupon', 200, () => subscription('POST', '/coupon/apply', { coupon_code: 'KETTLE10' })],
      ['no coupon', 200, () => subscription('DELETE', '/coupon/remove')],
      ['a renewal', 200, () => subscription('POST', '/dev/renew')],
      ['the billing portal', 200, () => subscription('POST', '/create-billing-portal-session')],
    ];
    await expectPagesKeptThrough(app, post.id, writes);
  });
});
