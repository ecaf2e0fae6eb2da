/**
 * Errors that mean a service the request needs is away (PostgreSQL, Redis, an SMTP or other
 * server stopped, restarting or unreachable), not that the request or the code is wrong. The
 * error handler answers them 503 with the generic text: the client may try again shortly.
 */
import { causeChain, stringField } from './pg-errors.js';

/**
 * PostgreSQL refusing because it is not there to serve: connection exceptions (class 08),
 * shutting down or starting up (57P01-57P03), out of connection slots (53300).
 */
const PG_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Socket errors of a server that is down or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres, pg-pool and ioredis throw without a code when their connection is gone. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Connection is closed\.$/,
  /^Command timed out$/,
];
const DRIVER_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

/**
 * Why `error` is a service outage (a code or the driver's message, safe to log: it carries no
 * request data), looking through ORM and rate-limiter wrappers; null when it is something else.
 */
export function unavailableCause(error: unknown): string | null {
  for (const current of causeChain(error)) {
    const code = stringField(current, 'code') ?? '';
    if (PG_SQLSTATE.test(code) || SOCKET_CODES.has(code)) return code;
    if (current instanceof Error) {
      if (DRIVER_ERROR_NAMES.has(current.name)) return current.name;
      const message = current.message;
      if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return message;
    }
  }
  return null;
}
