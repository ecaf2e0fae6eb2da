import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's API that Kettle calls: Checkout in payment
 * mode (coin purchases) and Stripe Billing (customers, prices, subscription Checkout, the billing
 * portal, subscriptions, promotion codes, invoice previews). Stripe's JSON shapes (API version
 * 2026-10-28: periods on subscription items, invoices' `parent`), form-encoded requests, bearer
 * keys, idempotency keys and error envelopes. The real SDK is pointed at it (STRIPE_API_URL →
 * host/port/protocol); nothing in the app is mocked.
 *
 * Tests play Stripe's side with the methods below (the customer pays, a session expires, a charge
 * is refunded, a month passes) and get the objects and events Stripe would send; they sign the
 * payloads with the SDK's own `webhooks.generateTestHeaderString`. Other endpoints can be added
 * with `route()`.
 */

export type StripeJson = Record<string, unknown>;
export type StripeEventJson = { id: string; object: 'event'; type: string; data: { object: StripeJson } } & StripeJson;
export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  body: StripeJson;
};
export type FakeReply = { status: number; body: StripeJson };
/** Answers a request; may throw a `StripeFailure` to answer Stripe's error envelope instead. */
export type FakeHandler = (request: FakeRequest, match: RegExpMatchArray) => FakeReply | Promise<FakeReply>;

export type FakeStripe = {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_URL. */
  url: string;
  /** Every request received, in order (after idempotent replays too). */
  requests: FakeRequest[];
  /** Every Checkout session, in either mode. */
  sessions: Map<string, StripeJson>;
  /** A price created in the dashboard, for STRIPE_PRICE_* configuration; monthly for STRIPE_PRICE_MONTHLY_*. */
  addPrice: (id: string, unitAmount: number, options?: { currency?: string; interval?: 'month' }) => StripeJson;
  /** A promotion code customers can type (Stripe: a coupon behind a customer-facing code). */
  addPromotionCode: (code: string, percentOff: number, options?: { active?: boolean }) => StripeJson;

  // ---- Checkout in payment mode -----------------------------------------------------------
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

  // ---- Stripe Billing ---------------------------------------------------------------------
  /** The customer pays at subscription Checkout: the subscription starts and its first invoice is paid. */
  completeCheckout: (sessionId: string) => { subscription: StripeJson; invoice: StripeJson; events: StripeEventJson[] };
  /** A month passes: the next invoice is paid, or a subscription set to cancel ends. */
  advancePeriod: (subscriptionId: string) => {
    subscription: StripeJson;
    invoice: StripeJson | null;
    events: StripeEventJson[];
  };
  /** An event about the subscription as Stripe holds it now. */
  subscriptionEvent: (subscriptionId: string, type: string) => StripeEventJson;
  subscription: (id: string) => StripeJson | undefined;

  // ---- failures and extensions ------------------------------------------------------------
  /** The next matching request is handled, then its connection is cut before the answer (a lost response). */
  dropNextResponse: (method: string, path: RegExp) => void;
  /** The next matching request answers this error instead (Stripe being down or refusing). */
  failNext: (method: string, path: RegExp, status: number, error: StripeJson) => void;
  route: (method: string, path: RegExp, handler: FakeHandler) => void;
  close: () => Promise<void>;
};

export const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);
const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's bracket form encoding (`a[b][0][c]=v`) back into nested objects; list indices become arrays. */
export function decodeStripeForm(body: string): StripeJson {
  const root: StripeJson = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
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

/** A Stripe error a handler throws; the server answers it in Stripe's `{ error }` envelope. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeJson,
  ) {
    super(String(error.message));
  }
}
const invalid = (message: string, extra: StripeJson = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param?: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
const ok = (body: StripeJson): FakeReply => ({ status: 200, body });

const record = (value: unknown): StripeJson =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as StripeJson) : {};
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
const items = (value: unknown): StripeJson[] => asList(value).map(record);
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

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

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, StripeJson>();
  /** What a subscription-mode session turns into once paid. */
  const subscriptionCheckouts = new Map<string, { lineItems: StripeJson[]; subscriptionData: StripeJson }>();
  const customers = new Map<string, StripeJson>();
  const prices = new Map<string, StripeJson>();
  const subscriptions = new Map<string, StripeJson>();
  /** Proration amounts waiting for the next cycle's invoice (cents), per subscription. */
  const pendingProrations = new Map<string, number>();
  /** Each subscription's discount (one at most, as Kettle applies). */
  const discounts = new Map<string, { id: string; percentOff: number; promotionCode: string }>();
  const promotionCodes = new Map<string, StripeJson & { code: string; percent_off_internal: number }>();
  const invoices = new Map<string, StripeJson>();

  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; reply: FakeReply }>();
  const routes: Array<{ method: string; path: RegExp; handler: FakeHandler }> = [];
  const drops: Array<{ method: string; path: RegExp }> = [];
  const failures: Array<{ method: string; path: RegExp; status: number; error: StripeJson }> = [];

  const route = (method: string, path: RegExp, handler: FakeHandler) => {
    routes.push({ method, path, handler });
  };

  // ---- shared objects ---------------------------------------------------------------------
  const priceOrThrow = (id: string, param?: string): StripeJson => {
    const found = prices.get(id);
    if (!found) throw missing('price', id, param);
    return found;
  };

  function makePrice(params: StripeJson, id = stripeId('price')): StripeJson {
    const unitAmount = Number(params.unit_amount);
    if (!Number.isInteger(unitAmount)) throw invalid('Missing required param: unit_amount.', { param: 'unit_amount' });
    const recurring = record(params.recurring);
    const lookupKey = typeof params.lookup_key === 'string' ? params.lookup_key : null;
    if (lookupKey && [...prices.values()].some((p) => p.lookup_key === lookupKey)) {
      throw invalid(`A price (\`${lookupKey}\`) already uses that lookup key.`, { param: 'lookup_key' });
    }
    const created: StripeJson = {
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
      product: stripeId('prod'),
      recurring: recurring.interval
        ? { interval: recurring.interval, interval_count: 1, meter: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      type: recurring.interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(id, created);
    return created;
  }

  function eventOf(type: string, object: StripeJson, id = stripeId('evt')): StripeEventJson {
    return {
      id,
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
  /** What a webhook carries: JSON text, parsed again on our side. */
  const event = (type: string, object: StripeJson) =>
    JSON.parse(JSON.stringify(eventOf(type, object))) as StripeEventJson;

  const sessionOrThrow = (id: string): StripeJson => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  };

  // ---- Checkout ---------------------------------------------------------------------------
  function lineAmount(item: StripeJson): { amount: number; currency: string } {
    const quantity = Number(item.quantity ?? 1);
    if (typeof item.price === 'string') {
      const price = priceOrThrow(item.price, 'line_items[0][price]');
      return { amount: Number(price.unit_amount) * quantity, currency: String(price.currency) };
    }
    const data = record(item.price_data);
    const unit = Number(data.unit_amount);
    if (!Number.isInteger(unit) || typeof data.currency !== 'string') {
      throw invalid('Missing required param: line_items[0][price_data][unit_amount].', {
        param: 'line_items[0][price_data][unit_amount]',
      });
    }
    return { amount: unit * quantity, currency: data.currency };
  }

  function paymentSession(params: StripeJson): StripeJson {
    const lineItems = items(params.line_items);
    if (lineItems.length === 0) throw invalid('Missing required param: line_items.', { param: 'line_items' });
    let total = 0;
    let currency = 'usd';
    for (const item of lineItems) {
      const line = lineAmount(item);
      total += line.amount;
      currency = line.currency;
    }
    const id = stripeId('cs_test');
    const created = now();
    return {
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
      metadata: record(params.metadata),
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
  }

  function subscriptionSession(params: StripeJson): StripeJson {
    const customer = String(params.customer ?? '');
    if (!customers.has(customer)) throw missing('customer', customer);
    const lineItems = items(params.line_items);
    if (lineItems.length === 0) throw invalid('Missing required param: line_items.', { param: 'line_items' });
    for (const line of lineItems) priceOrThrow(String(line.price));
    const id = stripeId('cs_test');
    const session: StripeJson = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: params.allow_promotion_codes === 'true',
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: priceOrThrow(String(lineItems[0]?.price)).currency,
      customer,
      expires_at: now() + 86_400,
      livemode: false,
      metadata: record(params.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    subscriptionCheckouts.set(id, { lineItems, subscriptionData: record(params.subscription_data) });
    return session;
  }

  route('POST', /^\/v1\/checkout\/sessions$/, (request) => {
    const params = request.body;
    const session = params.mode === 'subscription' ? subscriptionSession(params) : paymentSession(params);
    sessions.set(String(session.id), session);
    return ok(session);
  });

  route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_request, match) => {
    const id = decodeURIComponent(match[1] ?? '');
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id, 'session');
    return ok(session);
  });

  route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_request, match) => {
    const id = decodeURIComponent(match[1] ?? '');
    if (!sessions.has(id)) throw missing('checkout.session', id, 'session');
    return ok(expireSession(id));
  });

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
      created: now(),
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
      created: now(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
  }

  // ---- Stripe Billing ---------------------------------------------------------------------
  const percentOf = (subscriptionId: string) => discounts.get(subscriptionId)?.percentOff ?? 0;

  function subscriptionJson(sub: StripeJson): StripeJson {
    const discount = discounts.get(String(sub.id));
    return { ...sub, discounts: discount ? [discount.id] : [] };
  }

  const subscriptionOf = (id: string): StripeJson => {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  };
  const firstItemOf = (sub: StripeJson): StripeJson => record(items(record(sub.items).data)[0]);

  function invoiceLine(
    sub: StripeJson,
    item: StripeJson,
    amount: number,
    period: { start: number; end: number },
    proration: boolean,
  ): StripeJson {
    const itemPrice = record(item.price);
    return {
      id: stripeId('il'),
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

  function buildInvoice(
    sub: StripeJson,
    lines: StripeJson[],
    billingReason: string,
    paid: boolean,
    id = stripeId('in'),
  ): StripeJson {
    const subtotal = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const percent = percentOf(String(sub.id));
    const discount = subtotal > 0 ? Math.round((subtotal * percent) / 100) : 0;
    const total = subtotal - discount;
    const firstItem = firstItemOf(sub);
    const discountId = discounts.get(String(sub.id))?.id;
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

  route('POST', /^\/v1\/customers$/, ({ body }) => {
    const customer = {
      id: stripeId('cus'),
      object: 'customer',
      created: now(),
      email: body.email ?? null,
      livemode: false,
      metadata: record(body.metadata),
    };
    customers.set(customer.id, customer);
    return ok(customer);
  });

  route('GET', /^\/v1\/prices$/, ({ body: query }) => {
    const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys.map(String) : [];
    const found = [...prices.values()].filter(
      (p) => (keys.length === 0 || keys.includes(String(p.lookup_key))) && (query.active !== 'true' || p.active),
    );
    return ok(list(found.slice(0, Number(query.limit ?? 10)), '/v1/prices'));
  });

  route('POST', /^\/v1\/prices$/, ({ body }) => ok(makePrice(body)));

  route('POST', /^\/v1\/billing_portal\/sessions$/, ({ body }) => {
    const customer = String(body.customer ?? '');
    if (!customers.has(customer)) throw missing('customer', customer);
    const id = stripeId('bps');
    return ok({
      id,
      object: 'billing_portal.session',
      created: now(),
      customer,
      livemode: false,
      return_url: body.return_url ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
    });
  });

  route('GET', /^\/v1\/subscriptions\/([^/]+)$/, (_request, match) =>
    ok(subscriptionJson(subscriptionOf(String(match[1])))),
  );

  route('POST', /^\/v1\/subscriptions\/([^/]+)$/, ({ body }, match) => {
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
      const next = priceOrThrow(String(change.price));
      const old = record(item.price);
      if (body.proration_behavior !== 'none') {
        const start = Number(item.current_period_start);
        const end = Number(item.current_period_end);
        const left = Math.min(1, Math.max(0, (end - now()) / (end - start)));
        const owed = Math.round((Number(next.unit_amount) - Number(old.unit_amount)) * left);
        pendingProrations.set(String(sub.id), (pendingProrations.get(String(sub.id)) ?? 0) + owed);
      }
      item.price = next;
    }
    if (body.discounts !== undefined) {
      const wanted = items(body.discounts);
      if (wanted.length === 0) discounts.delete(String(sub.id));
      for (const discount of wanted) {
        const promo = promotionCodes.get(String(discount.promotion_code));
        if (!promo) throw missing('promotion code', String(discount.promotion_code));
        if (!promo.active) throw invalid('This promotion code is inactive.', { code: 'promotion_code_inactive' });
        discounts.set(String(sub.id), {
          id: stripeId('di'),
          percentOff: promo.percent_off_internal,
          promotionCode: String(promo.id),
        });
      }
    }
    return ok(subscriptionJson(sub));
  });

  route('GET', /^\/v1\/promotion_codes$/, ({ body: query }) => {
    const code = typeof query.code === 'string' ? query.code.toLowerCase() : null;
    const found = [...promotionCodes.values()].filter(
      (p) => (code === null || p.code.toLowerCase() === code) && (query.active !== 'true' || p.active),
    );
    return ok(
      list(
        found.map(({ percent_off_internal: _, ...p }) => p),
        '/v1/promotion_codes',
      ),
    );
  });

  route('POST', /^\/v1\/invoices\/create_preview$/, ({ body }) => {
    const sub = subscriptionOf(String(body.subscription));
    if (body.customer !== undefined && body.customer !== sub.customer) {
      throw invalid('The customer does not own this subscription.');
    }
    const item = firstItemOf(sub);
    const change = items(record(body.subscription_details).items)[0];
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const nextPeriod = { start: end, end: monthAfter(end) };
    const lines: StripeJson[] = [];
    let nextItem = item;
    if (change) {
      if (change.id !== item.id) throw missing('subscription item', String(change.id));
      const next = priceOrThrow(String(change.price));
      nextItem = { ...item, price: next };
      const left = Math.min(1, Math.max(0, (end - now()) / (end - start)));
      const current = { start: now(), end };
      lines.push(invoiceLine(sub, item, -Math.round(Number(record(item.price).unit_amount) * left), current, true));
      lines.push(invoiceLine(sub, nextItem, Math.round(Number(next.unit_amount) * left), current, true));
    }
    const pending = pendingProrations.get(String(sub.id)) ?? 0;
    if (pending !== 0) lines.push(invoiceLine(sub, item, pending, { start: now(), end }, true));
    lines.push(invoiceLine(sub, nextItem, Number(record(nextItem.price).unit_amount), nextPeriod, false));
    const preview = buildInvoice(sub, lines, 'upcoming', false, stripeId('upcoming_in'));
    return ok({ ...preview, status: 'draft', next_payment_attempt: end, period_start: start, period_end: end });
  });

  function completeCheckout(sessionId: string) {
    const session = sessionOrThrow(sessionId);
    const open = subscriptionCheckouts.get(sessionId);
    if (!open) throw new Error(`fake Stripe: session ${sessionId} is not in subscription mode`);
    const start = now();
    const subId = stripeId('sub');
    const lineItems = open.lineItems.map((line) => ({
      id: stripeId('si'),
      object: 'subscription_item',
      created: start,
      current_period_end: monthAfter(start),
      current_period_start: start,
      discounts: [],
      metadata: {},
      price: priceOrThrow(String(line.price)),
      quantity: 1,
      subscription: subId,
    }));
    const sub: StripeJson = {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: session.currency,
      customer: session.customer,
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
    subscriptions.set(subId, sub);
    invoices.set(String(invoice.id), invoice);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subId });
    const json = subscriptionJson(sub);
    return {
      subscription: json,
      invoice,
      events: [
        event('customer.subscription.created', json),
        event('invoice.created', { ...invoice, status: 'draft', amount_paid: 0 }),
        event('invoice.paid', invoice),
        event('checkout.session.completed', session),
      ],
    };
  }

  function advancePeriod(subscriptionId: string) {
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
    const pending = pendingProrations.get(subscriptionId) ?? 0;
    if (pending !== 0) lines.unshift(invoiceLine(sub, item, pending, period, true));
    pendingProrations.delete(subscriptionId);
    const invoice = buildInvoice(sub, lines, 'subscription_cycle', true);
    // The cycle's line spans the new month; the invoice's own period_* is the month just ended (Stripe's way).
    invoice.period_start = previousStart;
    invoice.period_end = end;
    sub.latest_invoice = invoice.id;
    invoices.set(String(invoice.id), invoice);
    const json = subscriptionJson(sub);
    return {
      subscription: json,
      invoice,
      events: [event('customer.subscription.updated', json), event('invoice.paid', invoice)],
    };
  }

  function addPromotionCode(code: string, percentOff: number, options: { active?: boolean } = {}): StripeJson {
    const promo = {
      id: stripeId('promo'),
      object: 'promotion_code',
      active: options.active ?? true,
      code,
      created: now(),
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: { type: 'coupon', coupon: stripeId('coupon') },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
      percent_off_internal: percentOff,
    };
    promotionCodes.set(promo.id, promo);
    return promo;
  }

  // ---- the HTTP server ---------------------------------------------------------------------
  const errorReply = (failure: StripeFailure): FakeReply => ({
    status: failure.status,
    body: { error: failure.error },
  });

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
      body: decodeStripeForm(method === 'GET' ? url.search.slice(1) : raw),
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
        'request-id': stripeId('req'),
        'stripe-version': API_VERSION,
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
      });
      res.end(JSON.stringify(reply.body));
    };

    if (!request.authorization) {
      send(
        errorReply(
          new StripeFailure(401, { type: 'invalid_request_error', message: 'You did not provide an API key.' }),
        ),
      );
      return;
    }
    if (!request.authorization.startsWith('Bearer sk_test_')) {
      send(errorReply(new StripeFailure(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' })));
      return;
    }
    const failure = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failure >= 0) {
      const [planned] = failures.splice(failure, 1);
      if (planned) send(errorReply(new StripeFailure(planned.status, planned.error)));
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
            : errorReply(
                new StripeFailure(400, {
                  type: 'idempotency_error',
                  message:
                    'Keys for idempotent requests can only be used with the same parameters they were first used with.',
                }),
              ),
        );
        return;
      }
    }
    const found = routes
      .filter((r) => r.method === method)
      .map((r) => ({ r, match: url.pathname.match(r.path) }))
      .find((candidate) => candidate.match);
    let reply: FakeReply;
    try {
      if (!found?.match) {
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        });
      }
      reply = await found.r.handler(request, found.match);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      reply = errorReply(error);
    }
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
    addPrice: (id, unitAmount, options = {}) =>
      makePrice(
        {
          unit_amount: String(unitAmount),
          currency: options.currency ?? 'usd',
          recurring: options.interval ? { interval: options.interval } : undefined,
        },
        id,
      ),
    addPromotionCode,
    completeSession,
    settleAsyncPayment,
    expireSession,
    chargeFor,
    disputeFor,
    eventPayload: (type, object, id) => JSON.stringify(eventOf(type, object, id), null, 2),
    completeCheckout,
    advancePeriod,
    subscriptionEvent: (subscriptionId, type) => event(type, subscriptionJson(subscriptionOf(subscriptionId))),
    subscription: (id) => {
      const sub = subscriptions.get(id);
      return sub ? subscriptionJson(sub) : undefined;
    },
    dropNextResponse: (method, path) => drops.push({ method, path }),
    failNext: (method, path, status, error) => failures.push({ method, path, status, error }),
    route,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
