import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = ['refresh_token', 'new_password', 'token', 'password', 'sig'];
const SECRET_PATHS = /(\/(?:verify-email|reset-password)\/)[^/?#]+/g;

/** Tokens and passwords travel in some URLs (spec §7); logs keep the shape but not the secrets. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SECRET_PATHS, '$1[REDACTED]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const key of SECRET_QUERY_KEYS) if (params.has(key)) params.set(key, '[REDACTED]');
  return `${safePath}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** Pino paths that never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.refresh_token',
  '*.access_token',
  '*.token',
];
