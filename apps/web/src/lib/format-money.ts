const formats = new Map<string, Intl.NumberFormat>();

/** '$29.99': prices and amounts in the currency the server names (USD for every default bundle). */
export function formatMoney(amount: number | string, currency = 'usd'): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount;
  if (!Number.isFinite(value)) return String(amount);
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      // An unknown currency code: show the number and the code rather than failing the page.
      return `${value.toFixed(2)} ${code}`;
    }
    formats.set(code, format);
  }
  return format.format(value);
}

/** 'gold_plan' or 'gold' → 'Gold'. */
export function planLabel(planId: string): string {
  const key = planId
    .replace(/_plan$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Coins';
}
