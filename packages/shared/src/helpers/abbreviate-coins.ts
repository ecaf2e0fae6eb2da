/** 999 → '999', 1500 → '1.5K', 2_000_000 → '2.0M' (spec §2: K and M with one decimal). */
export function abbreviateCoins(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const n = Math.abs(amount);
  // Round first so 999_950 reads '1.0M', not '1000.0K'.
  if (Math.round(n / 100_000) / 10 >= 1) return `${sign}${(n / 1_000_000).toFixed(1)}M`;
  if (Math.round(n / 100) / 10 >= 1) return `${sign}${(n / 1_000).toFixed(1)}K`;
  return `${sign}${n}`;
}
