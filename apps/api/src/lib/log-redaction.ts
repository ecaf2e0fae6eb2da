import type { FastifyRequest } from 'fastify';
import { causeChain, stringField } from './pg-errors.js';

const SECRET_QUERY_KEYS = ['refresh_token', 'new_password', 'token', 'password', 'sig'];
const SECRET_PATHS = /(\/(?:verify-email|reset-password|sign-in-link)\/)[^/?#]+/g;

/**
 * What every URL that could hold a secret contains (any case, or percent-encoded): the rest, all
 * but a few requests, are logged as they came without parsing them (docs/performance.md P2).
 */
const MAY_HOLD_SECRET = /token|password|sig|verify-email|reset-password|sign-in-link|%/i;

/** Tokens and passwords travel in some URLs (product.md §7); logs keep the shape but not the secrets. */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
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

/** What a log may say about a failed statement: no parameters, no message that could quote them. */
export type DbErrorSummary = {
  type: string;
  sql?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * A database error summarised for the log, or null when the error is not one. The ORM's message
 * lists the parameters and the driver's `message`/`detail` quote values (emails, post text), so only
 * the statement, the SQLSTATE, the constraint and the stack frames are kept.
 */
export function summarizeDbError(error: unknown): DbErrorSummary | null {
  if (!(error instanceof Error)) return null;
  let sqlText: string | undefined;
  let driver: object | undefined;
  for (const current of causeChain(error)) {
    sqlText ??= stringField(current, 'query');
    const code = stringField(current, 'code');
    if (!driver && code && SQLSTATE.test(code)) driver = current;
  }
  if (!sqlText && !driver) return null;
  return {
    type: error.name,
    sql: sqlText,
    code: driver && stringField(driver, 'code'),
    constraint: driver && stringField(driver, 'constraint'),
    table: driver && stringField(driver, 'table'),
    column: driver && stringField(driver, 'column'),
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
