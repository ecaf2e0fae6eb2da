/** From here on, one decimal of thousands would round up to '1000.0K', so millions take over. */
const MILLION_THRESHOLD = 999_950;

/** 999 → '999', 1500 → '1.5K', 2_000_000 → '2.0M' (product.md §2: K and M with one decimal). */
export function abbreviateCoins(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const n = Math.abs(amount);
  if (n >= MILLION_THRESHOLD) return `${sign}${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${sign}${(n / 1_000).toFixed(1)}K`;
  return `${sign}${n}`;
}
