import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_INIT_SCRIPT } from '@kettle/shared';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** The one inline script index.html carries (the web build puts it there), allowed by its hash. */
const THEME_INIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

/**
 * The headers a helmet middleware sets, read once: with no nonces or per-request directives they
 * are the same for every request, and running helmet's dozen middlewares each time (building the
 * CSP text again) was 4% of a signed-in list's CPU (performance.md P3). helmet 8 calls them in turn
 * without waiting, and throws a bad configuration at start-up.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished || headers.size === 0) throw new Error('helmet did not set its headers at once');
  return [...headers];
}

const headersByConfig = new WeakMap<Config, Record<string, string>>();

/**
 * CSP that allows only our own origin (and the theme script above), nosniff, no framing, no
 * referrer: the same for every answer, built once per config. Exported for the answers Fastify
 * gives before any hook runs (a malformed address: lib/error-handler.ts answerFrameworkError).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const known = headersByConfig.get(config);
  if (known) return known;
  // helmet's middleware, built once: the Fastify plugin builds it again for every request (CSP
  // parsed anew each time), which showed in a cached page's profile (performance.md P2).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_INIT_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading on plain-http local installs would break every asset request.
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  const headers = Object.fromEntries(
    headersSetBy(setSecurityHeaders).map(([name, value]) => [name.toLowerCase(), value]),
  );
  headersByConfig.set(config, headers);
  return headers;
}
