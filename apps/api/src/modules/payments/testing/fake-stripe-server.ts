import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's API that Kettle calls, with Stripe's JSON
 * shapes, form-encoded requests, bearer keys, idempotency keys and error envelopes. The real SDK
 * is pointed at it (STRIPE_API_URL → host/port/protocol); nothing in the app is mocked.
 *
 * Tests drive what Stripe would do on its side (the customer pays, a session expires, a charge is
 * refunded) and build the matching event payloads; they sign those with the SDK's own
 * `webhooks.generateTestHeaderString`. Other modules add endpoints with `route()`.
 */

export type StripeJson = Record<string, unknown>;
export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  body: StripeJson;
};
export type FakeReply = { status: number; body: StripeJson };
export type FakeHandler = (request: FakeRequest, match: RegExpMatchArray) => FakeReply | Promise<FakeReply>;

export type FakeStripe = {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_URL. */
  url: string;
  /** Every request received, in order (after idempotent replays too). */
  requests: FakeRequest[];
  sessions: Map<string, StripeJson>;
  /** A price id the app may be configured with (STRIPE_PRICE_*). */
  addPrice: (id: string, unitAmount: number, currency?: string) => void;
  /** The customer finished checkout: 'paid' for cards, 'unpaid' for a delayed method still pending. */
  completeSession: (id: string, paymentStatus?: 'paid' | 'unpaid') => StripeJson;
  /** A delayed payment method settled: the session is now paid. */
  settleAsyncPayment: (id: string) => StripeJson;
  expireSession: (id: string) => StripeJson;
  /** The session's charge, refunded by `amountRefunded` cents so far. */
  chargeFor: (sessionId: string, amountRefunded?: number) => StripeJson;
  disputeFor: (sessionId: string, amount?: number) => StripeJson;
  /** A Stripe event envelope (JSON text, as Stripe sends it) about `object`. */
  eventPayload: (type: string, object: StripeJson, id?: string) => string;
  /** The next matching request is handled, then its connection is cut before the answer (a lost response). */
  dropNextResponse: (method: string, path: RegExp) => void;
  route: (method: string, path: RegExp, handler: FakeHandler) => void;
  close: () => Promise<void>;
};

const API_VERSION = '2026-10-28.endive';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects; list indices become arrays. */
export function decodeStripeForm(body: string): StripeJson {
  const root: StripeJson = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (segment === '__proto__' || segment === 'constructor') return;
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = path[index + 1] ?? '';
      if (node[segment] === undefined) node[segment] = /^\d+$/.test(next) ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (status: number, type: string, message: string, extra: StripeJson = {}): FakeReply => ({
  status,
  body: { error: { type, message, ...extra } },
});
const missing = (kind: string, id: string, param: string) =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

const asRecord = (value: unknown): StripeJson =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as StripeJson) : {};
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, StripeJson>();
  const prices = new Map<string, { unitAmount: number; currency: string }>();
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; reply: FakeReply }>();
  const routes: Array<{ method: string; path: RegExp; handler: FakeHandler }> = [];
  const drops: Array<{ method: string; path: RegExp }> = [];

  const route = (method: string, path: RegExp, handler: FakeHandler) => {
    routes.push({ method, path, handler });
  };

  function lineAmount(item: StripeJson): { amount: number; currency: string } | FakeReply {
    const quantity = Number(item.quantity ?? 1);
    if (typeof item.price === 'string') {
      const price = prices.get(item.price);
      if (!price) return missing('price', item.price, 'line_items[0][price]');
      return { amount: price.unitAmount * quantity, currency: price.currency };
    }
    const data = asRecord(item.price_data);
    const unit = Number(data.unit_amount);
    if (!Number.isInteger(unit) || typeof data.currency !== 'string') {
      return stripeError(
        400,
        'invalid_request_error',
        'Missing required param: line_items[0][price_data][unit_amount].',
        {
          param: 'line_items[0][price_data][unit_amount]',
        },
      );
    }
    return { amount: unit * quantity, currency: data.currency };
  }

  route('POST', /^\/v1\/checkout\/sessions$/, (request) => {
    const params = request.body;
    const items = asList(params.line_items).map(asRecord);
    if (items.length === 0) {
      return stripeError(400, 'invalid_request_error', 'Missing required param: line_items.', { param: 'line_items' });
    }
    let total = 0;
    let currency = 'usd';
    for (const item of items) {
      const line = lineAmount(item);
      if ('status' in line) return line;
      total += line.amount;
      currency = line.currency;
    }
    const id = stripeId('cs');
    const created = nowSeconds();
    const session: StripeJson = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, status: null },
      billing_address_collection: null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: params.customer_email ?? null,
      discounts: [],
      expires_at: created + 24 * 3600,
      invoice: null,
      invoice_creation: { enabled: false, invoice_data: {} },
      livemode: false,
      locale: null,
      metadata: asRecord(params.metadata),
      mode: params.mode ?? 'payment',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: params.success_url ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  });

  route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_request, match) => {
    const id = decodeURIComponent(match[1] ?? '');
    const session = sessions.get(id);
    return session ? { status: 200, body: session } : missing('checkout.session', id, 'session');
  });

  route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_request, match) => {
    const id = decodeURIComponent(match[1] ?? '');
    if (!sessions.has(id)) return missing('checkout.session', id, 'session');
    return { status: 200, body: expireSession(id) };
  });

  function sessionOrThrow(id: string): StripeJson {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  }

  function completeSession(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): StripeJson {
    const session = sessionOrThrow(id);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= stripeId('pi');
    session.customer_details = { email: 'buyer@example.test', name: null, phone: null, tax_exempt: 'none' };
    return structuredClone(session);
  }

  function settleAsyncPayment(id: string): StripeJson {
    const session = sessionOrThrow(id);
    session.payment_status = 'paid';
    return structuredClone(session);
  }

  function expireSession(id: string): StripeJson {
    const session = sessionOrThrow(id);
    session.status = 'expired';
    session.url = null;
    return structuredClone(session);
  }

  function chargeFor(sessionId: string, amountRefunded = 0): StripeJson {
    const session = sessionOrThrow(sessionId);
    const amount = Number(session.amount_total);
    return {
      id: `ch_${String(session.payment_intent).slice(3)}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: amountRefunded,
      captured: true,
      created: nowSeconds(),
      currency: session.currency,
      customer: null,
      disputed: false,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: session.payment_intent,
      refunded: amountRefunded >= amount,
      status: 'succeeded',
    };
  }

  function disputeFor(sessionId: string, amount?: number): StripeJson {
    const charge = chargeFor(sessionId);
    return {
      id: stripeId('dp'),
      object: 'dispute',
      amount: amount ?? charge.amount,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
  }

  function eventPayload(type: string, object: StripeJson, id = stripeId('evt')): string {
    return JSON.stringify(
      {
        id,
        object: 'event',
        api_version: API_VERSION,
        created: nowSeconds(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const request: FakeRequest = {
      method,
      path: url.pathname,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      body: method === 'GET' ? Object.fromEntries(url.searchParams) : decodeStripeForm(raw),
    };
    requests.push(request);

    const send = (reply: FakeReply) => {
      const dropAt = drops.findIndex((d) => d.method === method && d.path.test(url.pathname));
      if (dropAt >= 0) {
        drops.splice(dropAt, 1);
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(8).toString('hex')}`,
        'stripe-version': API_VERSION,
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
      });
      res.end(JSON.stringify(reply.body));
    };

    if (!request.authorization?.startsWith('Bearer sk_')) {
      send(stripeError(401, 'invalid_request_error', 'You did not provide an API key.'));
      return;
    }
    // Stripe replays the first answer for a repeated key, and refuses the key with other parameters.
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
    if (method === 'POST' && request.idempotencyKey) {
      const seen = idempotent.get(request.idempotencyKey);
      if (seen) {
        send(
          seen.fingerprint === fingerprint
            ? seen.reply
            : stripeError(
                400,
                'idempotency_error',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              ),
        );
        return;
      }
    }
    const found = routes
      .filter((r) => r.method === method)
      .map((r) => ({ r, match: url.pathname.match(r.path) }))
      .find((candidate) => candidate.match);
    const reply = found?.match
      ? await found.r.handler(request, found.match)
      : stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
    if (method === 'POST' && request.idempotencyKey && reply.status < 500) {
      idempotent.set(request.idempotencyKey, { fingerprint, reply });
    }
    send(reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    addPrice: (id, unitAmount, currency = 'usd') => prices.set(id, { unitAmount, currency }),
    completeSession,
    settleAsyncPayment,
    expireSession,
    chargeFor,
    disputeFor,
    eventPayload,
    dropNextResponse: (method, path) => drops.push({ method, path }),
    route,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
