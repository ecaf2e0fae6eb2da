import { SUBSCRIPTION_MESSAGES, type InvoicePreview, type SubscriptionPlan } from '@kettle/shared';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { validationFailed } from '../../lib/app-error.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

export type SubscriptionCheckout = { sessionId: string; url: string };

/**
 * The billing part of a card provider (payments/providers): its side of a subscription. The
 * provider is made once at start-up, while the rows it writes belong to the caller's unit of
 * work, so each call is handed the caller's database. Each state change returns our row as
 * stored after the provider answered, so the API always answers from the database.
 */
export interface SubscriptionBilling {
  checkout(db: Db, user: UserRow, plan: SubscriptionPlan): Promise<SubscriptionCheckout>;
  portalUrl(db: Db, user: UserRow): Promise<string>;
  setCancelAtPeriodEnd(db: Db, row: SubscriptionRow, cancel: boolean): Promise<SubscriptionRow>;
  changePlan(db: Db, row: SubscriptionRow, plan: SubscriptionPlan): Promise<SubscriptionRow>;
  preview(db: Db, row: SubscriptionRow, plan: SubscriptionPlan): Promise<InvoicePreview>;
  /** Throws invalidCoupon() when the code is not one the provider knows. */
  applyCoupon(db: Db, row: SubscriptionRow, code: string): Promise<SubscriptionRow>;
  removeCoupon(db: Db, row: SubscriptionRow): Promise<SubscriptionRow>;
}

/** 422 on the coupon_code field: every provider refuses an unknown code in the same words. */
export const invalidCoupon = () =>
  validationFailed([{ field: 'coupon_code', message: SUBSCRIPTION_MESSAGES.invalidCoupon }]);
