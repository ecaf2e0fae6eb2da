/**
 * The address a payment answer sends the browser to, if it is one we will follow: http(s) only,
 * so a bad answer can never run `javascript:` in the page. Relative addresses are ours.
 */
export function checkoutUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Our own pages (same origin) as a router path, so the app and its caches stay loaded. */
export const inAppPath = (url: URL): string | null =>
  url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
