import type { InvoicePreview, SubscriptionPlan } from '@kettle/shared';
import type { UserRow } from '../../db/rows.js';
import type { Provider, SubscriptionRow } from './subscriptions.repository.js';

export type SubscriptionCheckout = { sessionId: string; url: string };

/**
 * One card provider's side of a subscription. Each state change returns our row as stored
 * after the provider answered, so the API always answers from the database.
 */
export interface SubscriptionProvider {
  readonly name: Provider;
  checkout(user: UserRow, plan: SubscriptionPlan): Promise<SubscriptionCheckout>;
  portalUrl(user: UserRow): Promise<string>;
  setCancelAtPeriodEnd(row: SubscriptionRow, cancel: boolean): Promise<SubscriptionRow>;
  changePlan(row: SubscriptionRow, plan: SubscriptionPlan): Promise<SubscriptionRow>;
  preview(row: SubscriptionRow, plan: SubscriptionPlan): Promise<InvoicePreview>;
  /** Throws 422 (field coupon_code) when the code is not one the provider knows. */
  applyCoupon(row: SubscriptionRow, code: string): Promise<SubscriptionRow>;
  removeCoupon(row: SubscriptionRow): Promise<SubscriptionRow>;
}
