/**
 * 1234567 → '1,234,567', as en-US `toLocaleString()` writes a whole number, without waking the
 * browser's Intl data: that first call costs a visible pause on a slow phone (goal F2).
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
