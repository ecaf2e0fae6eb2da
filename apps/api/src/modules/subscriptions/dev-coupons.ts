/**
 * The dev provider's coupons: a small fixed table, so the coupon flow can be tried without a
 * card provider. Codes match in any letter case and are stored upper case.
 */
export const DEV_COUPONS: Record<string, { percentOff: number }> = {
  KETTLE10: { percentOff: 10 },
  KETTLE25: { percentOff: 25 },
};

export const devCoupon = (code: string | null | undefined) => (code ? DEV_COUPONS[code.toUpperCase()] : undefined);

/** Cents taken off `cents` by a coupon (never more than the amount, never negative). */
export const devDiscountCents = (cents: number, code: string | null | undefined): number => {
  const coupon = devCoupon(code);
  if (!coupon || cents <= 0) return 0;
  return Math.min(cents, Math.round((cents * coupon.percentOff) / 100));
};
