/** A tea's page (`/posts/:id`), its reversal form, or its admin page: each names the tea by id. */
const TEA_PATH =
  /^\/(?:admin\/)?posts\/(?:reversal\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The tea id a takedown request's URL names when it is one of Kettle's own tea addresses (same
 * host and port as APP_ORIGIN, any scheme, query or fragment); null for any other URL.
 */
export function teaIdInUrl(url: string | null, appOrigin: string): string | null {
  if (!url) return null;
  let named: URL;
  let own: URL;
  try {
    named = new URL(url);
    own = new URL(appOrigin);
  } catch {
    return null;
  }
  if (named.hostname !== own.hostname || named.port !== own.port) return null;
  return TEA_PATH.exec(named.pathname)?.[1]?.toLowerCase() ?? null;
}
