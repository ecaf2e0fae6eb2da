import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe Billing that the subscriptions module calls,
 * in Stripe's JSON (API version 2026-10-28: periods on subscription items, invoices' `parent`),
 * with form-encoded requests, idempotency keys and Stripe's error envelope. The real SDK is
 * pointed at it through STRIPE_API_URL; nothing in the app is mocked.
 *
 * Tests play Stripe's side with the methods below (the customer pays at checkout, a month
 * passes) and get the events Stripe would send, as the JSON a webhook would carry.
 */

export type Json = Record<string, unknown>;
export type StripeEventJson = { id: string; object: 'event'; type: string; data: { object: Json } } & Json;
export type RecordedRequest = { method: string; path: string; body: Json; idempotencyKey: string | null };

export const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's bracket form encoding (`items[0][price]=x`) back into objects; numeric keys make arrays. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    for (const [index, segment] of path.entries()) {
      if (segment === '__proto__' || segment === 'constructor' || segment === 'prototype') break;
      if (index === path.length - 1) {
        node[segment] = value;
        break;
      }
      node[segment] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[segment] as Record<string, unknown>;
    }
  }
  return root;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const record = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const items = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** One calendar month later, in unix seconds (what Stripe's monthly billing does). */
function monthAfter(seconds: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Json = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

type Internal = {
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, { session: Json; lineItems: Json[]; subscriptionData: Json }>;
  subscriptions: Map<string, Json>;
  /** Proration amounts waiting for the next cycle's invoice (cents), per subscription. */
  pendingProrations: Map<string, number>;
  /** Percent off of each subscription's discount (one discount at most, as Kettle applies). */
  discounts: Map<string, { id: string; percentOff: number; promotionCode: string }>;
  promotionCodes: Map<string, Json & { code: string; percent_off_internal: number }>;
  invoices: Map<string, Json>;
};

export type FakeStripeBilling = {
  url: string;
  requests: RecordedRequest[];
  /** A promotion code customers can type (Stripe: a coupon behind a customer-facing code). */
  addPromotionCode: (code: string, percentOff: number, options?: { active?: boolean }) => Json;
  /** A price created in the dashboard, for STRIPE_PRICE_MONTHLY_* configuration. */
  addPrice: (id: string, unitAmount: number, currency?: string) => Json;
  /** The customer pays at Checkout: the subscription starts and its first invoice is paid. */
  completeCheckout: (sessionId: string) => { subscription: Json; invoice: Json; events: StripeEventJson[] };
  /** A month passes: the next invoice is paid, or a subscription set to cancel ends. */
  advancePeriod: (subscriptionId: string) => { subscription: Json; invoice: Json | null; events: StripeEventJson[] };
  /** An event about the subscription as Stripe holds it now. */
  subscriptionEvent: (subscriptionId: string, type: string) => StripeEventJson;
  subscription: (id: string) => Json | undefined;
  /** The next request matching method and path answers this error instead (Stripe being down or refusing). */
  failNext: (method: string, path: RegExp, status: number, error: Json) => void;
  close: () => Promise<void>;
};

export async function startFakeStripeBilling(): Promise<FakeStripeBilling> {
  const state: Internal = {
    customers: new Map(),
    prices: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    pendingProrations: new Map(),
    discounts: new Map(),
    promotionCodes: new Map(),
    invoices: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  const failures: Array<{ method: string; path: RegExp; status: number; error: Json }> = [];

  const price = (id: string): Json => {
    const found = state.prices.get(id);
    if (!found) throw missing('price', id);
    return found;
  };

  function makePrice(params: Json, id = newId('price')): Json {
    const unitAmount = Number(params.unit_amount);
    if (!Number.isInteger(unitAmount)) throw invalid('Missing required param: unit_amount.', { param: 'unit_amount' });
    const recurring = record(params.recurring);
    const lookupKey = typeof params.lookup_key === 'string' ? params.lookup_key : null;
    if (lookupKey && [...state.prices.values()].some((p) => p.lookup_key === lookupKey)) {
      throw invalid(`A price (\`${lookupKey}\`) already uses that lookup key.`, { param: 'lookup_key' });
    }
    const product = newId('prod');
    const created: Json = {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: String(params.currency ?? 'usd'),
      livemode: false,
      lookup_key: lookupKey,
      metadata: record(params.metadata),
      nickname: null,
      product,
      recurring: recurring.interval
        ? { interval: recurring.interval, interval_count: 1, meter: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      type: recurring.interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    state.prices.set(id, created);
    return created;
  }

  const percentOf = (subscriptionId: string) => state.discounts.get(subscriptionId)?.percentOff ?? 0;

  function subscriptionJson(sub: Json): Json {
    const discount = state.discounts.get(String(sub.id));
    return { ...sub, discounts: discount ? [discount.id] : [] };
  }

  function event(type: string, object: Json): StripeEventJson {
    // What a webhook carries: JSON text, parsed again on our side.
    return JSON.parse(
      JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      }),
    ) as StripeEventJson;
  }

  function invoiceLine(
    sub: Json,
    item: Json,
    amount: number,
    period: { start: number; end: number },
    proration: boolean,
  ): Json {
    const itemPrice = record(item.price);
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: itemPrice.currency,
      description: proration ? 'Proration' : `1 × ${String(itemPrice.product)}`,
      discountable: true,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: item.id,
        },
      },
      period,
      pricing: {
        type: 'price_details',
        price_details: { price: itemPrice.id, product: itemPrice.product },
        unit_amount_decimal: String(itemPrice.unit_amount),
      },
      quantity: 1,
    };
  }

  function buildInvoice(sub: Json, lines: Json[], billingReason: string, paid: boolean, id = newId('in')): Json {
    const subtotal = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const percent = percentOf(String(sub.id));
    const discount = subtotal > 0 ? Math.round((subtotal * percent) / 100) : 0;
    const total = subtotal - discount;
    const firstItem = record(items(record(sub.items).data)[0]);
    const discountId = state.discounts.get(String(sub.id))?.id;
    return {
      id,
      object: 'invoice',
      amount_due: Math.max(0, total),
      amount_paid: paid ? Math.max(0, total) : 0,
      amount_remaining: paid ? 0 : Math.max(0, total),
      attempt_count: paid ? 1 : 0,
      attempted: paid,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: record(firstItem.price).currency ?? 'usd',
      customer: sub.customer,
      discounts: discountId ? [discountId] : [],
      lines: list(lines, `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : firstItem.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: record(sub.metadata), subscription: sub.id },
      },
      period_end: now(),
      period_start: now(),
      status: paid ? 'paid' : 'draft',
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_discount_amounts: discount && discountId ? [{ amount: discount, discount: discountId }] : [],
      total_excluding_tax: total,
    };
  }

  const subscriptionOf = (id: string): Json => {
    const sub = state.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  };
  const firstItemOf = (sub: Json): Json => record(items(record(sub.items).data)[0]);

  // ---- the HTTP API ----------------------------------------------------------------------
  type Handler = (body: Json, match: RegExpMatchArray, idempotencyKey: string | null) => Json;
  const routes: Array<[string, RegExp, Handler]> = [
    [
      'POST',
      /^\/v1\/customers$/,
      (body) => {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: body.email ?? null,
          livemode: false,
          metadata: record(body.metadata),
        };
        state.customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (query) => {
        const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys.map(String) : [];
        const found = [...state.prices.values()].filter(
          (p) => (keys.length === 0 || keys.includes(String(p.lookup_key))) && (query.active !== 'true' || p.active),
        );
        return list(found.slice(0, Number(query.limit ?? 10)), '/v1/prices');
      },
    ],
    ['POST', /^\/v1\/prices$/, (body) => makePrice(body)],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (body) => {
        if (body.mode !== 'subscription') throw invalid('This fake speaks subscription mode only.', { param: 'mode' });
        const customer = String(body.customer ?? '');
        if (!state.customers.has(customer)) throw missing('customer', customer);
        const lineItems = items(body.line_items);
        if (lineItems.length === 0) throw invalid('Missing required param: line_items.', { param: 'line_items' });
        for (const line of lineItems) price(String(line.price));
        const id = newId('cs_test');
        const session: Json = {
          id,
          object: 'checkout.session',
          allow_promotion_codes: body.allow_promotion_codes === 'true',
          cancel_url: body.cancel_url ?? null,
          client_reference_id: body.client_reference_id ?? null,
          created: now(),
          currency: record(price(String(lineItems[0]?.price))).currency,
          customer,
          expires_at: now() + 86_400,
          livemode: false,
          metadata: record(body.metadata),
          mode: 'subscription',
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: body.success_url ?? null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        state.sessions.set(id, { session, lineItems, subscriptionData: record(body.subscription_data) });
        return session;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (body) => {
        const customer = String(body.customer ?? '');
        if (!state.customers.has(customer)) throw missing('customer', customer);
        const id = newId('bps');
        return {
          id,
          object: 'billing_portal.session',
          created: now(),
          customer,
          livemode: false,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
        };
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_body, match) => subscriptionJson(subscriptionOf(String(match[1])))],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (body, match) => {
        const sub = subscriptionOf(String(match[1]));
        if (sub.status === 'canceled') {
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        }
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
        if (body.metadata !== undefined) sub.metadata = { ...record(sub.metadata), ...record(body.metadata) };
        for (const change of items(body.items)) {
          const item = firstItemOf(sub);
          if (change.id !== item.id) throw missing('subscription item', String(change.id));
          const next = price(String(change.price));
          const old = record(item.price);
          if (body.proration_behavior !== 'none') {
            const start = Number(item.current_period_start);
            const end = Number(item.current_period_end);
            const left = Math.min(1, Math.max(0, (end - now()) / (end - start)));
            const owed = Math.round((Number(next.unit_amount) - Number(old.unit_amount)) * left);
            state.pendingProrations.set(String(sub.id), (state.pendingProrations.get(String(sub.id)) ?? 0) + owed);
          }
          item.price = next;
        }
        if (body.discounts !== undefined) {
          const wanted = items(body.discounts);
          if (wanted.length === 0) state.discounts.delete(String(sub.id));
          for (const discount of wanted) {
            const promo = state.promotionCodes.get(String(discount.promotion_code));
            if (!promo) throw missing('promotion code', String(discount.promotion_code));
            if (!promo.active) throw invalid('This promotion code is inactive.', { code: 'promotion_code_inactive' });
            state.discounts.set(String(sub.id), {
              id: newId('di'),
              percentOff: promo.percent_off_internal,
              promotionCode: promo.id as string,
            });
          }
        }
        return subscriptionJson(sub);
      },
    ],
    [
      'GET',
      /^\/v1\/promotion_codes$/,
      (query) => {
        const code = typeof query.code === 'string' ? query.code.toLowerCase() : null;
        const found = [...state.promotionCodes.values()].filter(
          (p) => (code === null || p.code.toLowerCase() === code) && (query.active !== 'true' || p.active),
        );
        return list(
          found.map(({ percent_off_internal: _, ...p }) => p),
          '/v1/promotion_codes',
        );
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (body) => {
        const sub = subscriptionOf(String(body.subscription));
        if (body.customer !== undefined && body.customer !== sub.customer)
          throw invalid('The customer does not own this subscription.');
        const item = firstItemOf(sub);
        const details = record(body.subscription_details);
        const change = items(details.items)[0];
        const start = Number(item.current_period_start);
        const end = Number(item.current_period_end);
        const nextPeriod = { start: end, end: monthAfter(end) };
        const lines: Json[] = [];
        let nextItem = item;
        if (change) {
          if (change.id !== item.id) throw missing('subscription item', String(change.id));
          const next = price(String(change.price));
          nextItem = { ...item, price: next };
          const left = Math.min(1, Math.max(0, (end - now()) / (end - start)));
          const current = { start: now(), end };
          lines.push(invoiceLine(sub, item, -Math.round(Number(record(item.price).unit_amount) * left), current, true));
          lines.push(invoiceLine(sub, nextItem, Math.round(Number(next.unit_amount) * left), current, true));
        }
        const pending = state.pendingProrations.get(String(sub.id)) ?? 0;
        if (pending !== 0) lines.push(invoiceLine(sub, item, pending, { start: now(), end }, true));
        lines.push(invoiceLine(sub, nextItem, Number(record(nextItem.price).unit_amount), nextPeriod, false));
        const preview = buildInvoice(sub, lines, 'upcoming', false, newId('upcoming_in'));
        return { ...preview, status: 'draft', next_payment_attempt: end, period_start: start, period_end: end };
      },
    ],
  ];

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.stripe');
      const method = request.method ?? 'GET';
      const text = await readBody(request);
      const body = method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(text);
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, body, idempotencyKey });
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      const failure = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
      if (failure >= 0) {
        const [planned] = failures.splice(failure, 1);
        if (planned) send(response, planned.status, { error: planned.error });
        return;
      }
      // Stripe answers a repeated idempotency key with the first answer.
      const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay) {
        send(response, replay.status, replay.body);
        return;
      }
      const route = routes.find(([m, path]) => m === method && path.test(url.pathname));
      let status = 200;
      let answer: Json;
      try {
        if (!route) throw missing('route', `${method} ${url.pathname}`);
        answer = route[2](body, url.pathname.match(route[1]) ?? ([] as unknown as RegExpMatchArray), idempotencyKey);
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        answer = { error: error.body };
      }
      if (replayKey && method === 'POST') idempotent.set(replayKey, { status, body: answer });
      send(response, status, answer);
    })().catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    addPromotionCode: (code, percentOff, options = {}) => {
      const promo = {
        id: newId('promo'),
        object: 'promotion_code',
        active: options.active ?? true,
        code,
        created: now(),
        customer: null,
        expires_at: null,
        livemode: false,
        max_redemptions: null,
        metadata: {},
        promotion: { type: 'coupon', coupon: newId('coupon') },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        times_redeemed: 0,
        percent_off_internal: percentOff,
      };
      state.promotionCodes.set(promo.id, promo);
      return promo;
    },
    addPrice: (id, unitAmount, currency = 'usd') =>
      makePrice({ unit_amount: String(unitAmount), currency, recurring: { interval: 'month' } }, id),
    completeCheckout: (sessionId) => {
      const open = state.sessions.get(sessionId);
      if (!open) throw new Error(`no session ${sessionId}`);
      const start = now();
      const subId = newId('sub');
      const lineItems = open.lineItems.map((line) => ({
        id: newId('si'),
        object: 'subscription_item',
        created: start,
        current_period_end: monthAfter(start),
        current_period_start: start,
        discounts: [],
        metadata: {},
        price: price(String(line.price)),
        quantity: 1,
        subscription: subId,
      }));
      const sub: Json = {
        id: subId,
        object: 'subscription',
        billing_cycle_anchor: start,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created: start,
        currency: open.session.currency,
        customer: open.session.customer,
        ended_at: null,
        items: list(lineItems, `/v1/subscription_items?subscription=${subId}`),
        latest_invoice: null,
        livemode: false,
        metadata: record(open.subscriptionData.metadata),
        start_date: start,
        status: 'active',
      };
      const first = record(lineItems[0]);
      const invoice = buildInvoice(
        sub,
        [invoiceLine(sub, first, Number(record(first.price).unit_amount), { start, end: monthAfter(start) }, false)],
        'subscription_create',
        true,
      );
      sub.latest_invoice = invoice.id;
      state.subscriptions.set(subId, sub);
      state.invoices.set(String(invoice.id), invoice);
      Object.assign(open.session, { status: 'complete', payment_status: 'paid', subscription: subId });
      const json = subscriptionJson(sub);
      return {
        subscription: json,
        invoice,
        events: [
          event('customer.subscription.created', json),
          event('invoice.created', { ...invoice, status: 'draft', amount_paid: 0 }),
          event('invoice.paid', invoice),
          event('checkout.session.completed', open.session),
        ],
      };
    },
    advancePeriod: (subscriptionId) => {
      const sub = subscriptionOf(subscriptionId);
      const item = firstItemOf(sub);
      const end = Number(item.current_period_end);
      if (sub.cancel_at_period_end) {
        Object.assign(sub, { status: 'canceled', ended_at: end, cancel_at_period_end: false });
        return {
          subscription: subscriptionJson(sub),
          invoice: null,
          events: [event('customer.subscription.deleted', subscriptionJson(sub))],
        };
      }
      const previousStart = Number(item.current_period_start);
      const period = { start: end, end: monthAfter(end) };
      Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
      const lines = [invoiceLine(sub, item, Number(record(item.price).unit_amount), period, false)];
      const pending = state.pendingProrations.get(subscriptionId) ?? 0;
      if (pending !== 0) lines.unshift(invoiceLine(sub, item, pending, period, true));
      state.pendingProrations.delete(subscriptionId);
      const invoice = buildInvoice(sub, lines, 'subscription_cycle', true);
      // The cycle's line spans the new month; the invoice's own period_* is the month just ended (Stripe's way).
      invoice.period_start = previousStart;
      invoice.period_end = end;
      sub.latest_invoice = invoice.id;
      state.invoices.set(String(invoice.id), invoice);
      const json = subscriptionJson(sub);
      return {
        subscription: json,
        invoice,
        events: [event('customer.subscription.updated', json), event('invoice.paid', invoice)],
      };
    },
    subscriptionEvent: (subscriptionId, type) => event(type, subscriptionJson(subscriptionOf(subscriptionId))),
    subscription: (id) => {
      const sub = state.subscriptions.get(id);
      return sub ? subscriptionJson(sub) : undefined;
    },
    failNext: (method, path, status, error) => {
      failures.push({ method, path, status, error });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
