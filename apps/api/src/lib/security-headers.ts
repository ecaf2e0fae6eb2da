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
 * CSP text again) was 4% of a signed-in list's CPU (docs/performance.md P3). helmet 8 calls them in turn
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

const lowerCased = (headers: Array<[string, string]>) =>
  Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));

/** What every answer says, document or not: no referrer, HSTS for a year. */
const everyAnswer = {
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The page policy: CSP that allows only our own origin (and the theme script above), no framing,
 * no referrer, nosniff, and helmet's other headers for documents. Built once per config.
 */
function pageHeaders(config: Config): Record<string, string> {
  // helmet's middleware, built once: the Fastify plugin builds it again for every request (CSP
  // parsed anew each time), which showed in a cached page's profile (docs/performance.md P2).
  return lowerCased(
    headersSetBy(
      helmet({
        ...everyAnswer,
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
      }),
    ),
  );
}

/**
 * An API answer (JSON, a live stream) or a stored image is never a document that loads anything:
 * it allows nothing (base-uri and frame-ancestors do not fall back to default-src, so they are
 * named), keeps the headers that guard a non-document (nosniff, CORP, no referrer, HSTS) and leaves
 * out those that only steer a document (the page's sources, COOP, Origin-Agent-Cluster,
 * X-Frame-Options beside frame-ancestors) or browsers long gone (X-XSS-Protection,
 * X-Download-Options, X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies). Half the header
 * bytes of every API answer: on a cached page they were a tenth of what goes out (docs/performance.md P2).
 */
const nonDocumentHeaders = (): Record<string, string> => ({
  ...lowerCased(
    headersSetBy(
      helmet({
        ...everyAnswer,
        contentSecurityPolicy: false,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xFrameOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
    ),
  ),
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
});

/** Swagger UI's page sets its own policy for its scripts (plugins/openapi.ts). */
const API_PAGES = '/api/docs';

export type SecurityHeadersFor = (url: string) => Record<string, string>;

/**
 * The security headers of an answer to `url` (security.md W4): the non-document set under /api/
 * and for stored images (/uploads/), the page set for the web app and everything else. Both are
 * built once; also used for the answers Fastify gives before any hook runs (a malformed address:
 * lib/error-handler.ts answerFrameworkError).
 */
const byConfig = new WeakMap<Config, SecurityHeadersFor>();
export function securityHeaders(config: Config): SecurityHeadersFor {
  let headersFor = byConfig.get(config);
  if (!headersFor) {
    const page = pageHeaders(config);
    const nonDocument = nonDocumentHeaders();
    headersFor = (url) =>
      (url.startsWith('/api/') && !url.startsWith(API_PAGES)) || url.startsWith('/uploads/') ? nonDocument : page;
    byConfig.set(config, headersFor);
  }
  return headersFor;
}
