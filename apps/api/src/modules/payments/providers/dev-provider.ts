import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createDevBilling } from '../../subscriptions/dev-billing.js';
import { invalidSignature as rejected } from '../payment-errors.js';
import type { PaymentProvider } from './payment-provider.js';
import { toProviderEvent } from './provider-objects.js';

/** The header the dev provider signs its notifications with (Stripe's scheme: `t=…,v1=…`). */
export const DEV_SIGNATURE_HEADER = 'kettle-signature';
/** Same window as Stripe's: a captured notification cannot be replayed after five minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const devSessionId = (): string => `dev_cs_${randomBytes(18).toString('base64url')}`;
export const devObjectId = (prefix: string): string => `${prefix}_dev_${randomBytes(12).toString('hex')}`;

/** The signing key: derived from the server secret, so it is never the token-signing key itself. */
export const devSigningKey = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('kettle dev payment notifications').digest();

const hmac = (key: Buffer, timestamp: number, body: string): string =>
  createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, over the exact body sent. */
export function signDevNotification(key: Buffer, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(key, timestamp, body)}`;
}

function verifyDevSignature(key: Buffer, body: string, header: string | string[] | undefined, nowSeconds: number) {
  if (typeof header !== 'string') throw rejected();
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isInteger(timestamp) || !signature) throw rejected();
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw rejected();
  const expected = Buffer.from(hmac(key, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw rejected();
}

/**
 * Kettle's own checkout (the embedded default, no keys): the session lives only in our purchase
 * row, its page is the web app's `/checkout/dev/<id>`, and Pay / Decline come back as signed
 * notifications through the same path as Stripe's. Its subscriptions live only in our rows.
 */
export function createDevProvider(options: { appOrigin: string; serverSecret: string }): PaymentProvider {
  const key = devSigningKey(options.serverSecret);
  return {
    name: 'dev',
    publishableKey: null,
    parseNotification: (rawBody: Buffer, headers: IncomingHttpHeaders) => {
      const body = rawBody.toString('utf8');
      verifyDevSignature(key, body, headers[DEV_SIGNATURE_HEADER], Math.floor(Date.now() / 1000));
      return toProviderEvent(body);
    },
    checkout: {
      createSession: async () => {
        const sessionId = devSessionId();
        return {
          sessionId,
          url: `${options.appOrigin}/checkout/dev/${encodeURIComponent(sessionId)}`,
          createdAt: new Date(),
        };
      },
      retrieveSession: async () => null,
      closeSession: async () => 'missing' as const,
    },
    billing: createDevBilling({ appOrigin: options.appOrigin }),
  };
}
