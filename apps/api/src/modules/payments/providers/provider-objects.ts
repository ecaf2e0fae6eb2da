import { z } from 'zod';
import { invalidSignature } from '../payment-errors.js';
import type { ProviderEvent } from './payment-provider.js';

/**
 * The few fields of Stripe's objects that fulfilment reads, checked at the boundary. Anything
 * else in the payload is ignored; a payload missing these is refused like a bad signature.
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

export const eventEnvelopeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionSchema = z.object({
  id: z.string().min(1),
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_intent: idOrObject.nullish(),
});

export type CheckoutSessionObject = {
  id: string;
  mode: string | null;
  purchaseId: string | null;
  metadata: Record<string, string>;
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string | null;
  /** 'open', 'complete' or 'expired'. */
  status: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
};

const chargeSchema = z.object({
  id: z.string(),
  payment_intent: idOrObject.nullish(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  refunded: z.boolean(),
});

const disputeSchema = z.object({
  id: z.string(),
  charge: idOrObject.nullish(),
  payment_intent: idOrObject.nullish(),
  amount: z.number().int(),
});

const malformed = invalidSignature;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed();
  return parsed.data;
}

/** A verified body turned into an event; a body that is not one is a bad request. */
export function toProviderEvent(body: string): ProviderEvent {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw malformed();
  }
  const raw = parse(eventEnvelopeSchema, json);
  return { id: raw.id, type: raw.type, raw, object: raw.data.object };
}

export function checkoutSessionOf(object: Record<string, unknown>): CheckoutSessionObject {
  const s = parse(checkoutSessionSchema, object);
  return {
    id: s.id,
    mode: s.mode ?? null,
    purchaseId: s.client_reference_id ?? null,
    metadata: s.metadata ?? {},
    paymentStatus: s.payment_status ?? null,
    status: s.status ?? null,
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    paymentIntentId: s.payment_intent ?? null,
  };
}

export function chargeOf(object: Record<string, unknown>) {
  const c = parse(chargeSchema, object);
  return {
    id: c.id,
    paymentIntentId: c.payment_intent ?? null,
    amount: c.amount,
    amountRefunded: c.amount_refunded,
    refunded: c.refunded,
  };
}

export function disputeOf(object: Record<string, unknown>) {
  const d = parse(disputeSchema, object);
  return { id: d.id, chargeId: d.charge ?? null, paymentIntentId: d.payment_intent ?? null, amount: d.amount };
}
