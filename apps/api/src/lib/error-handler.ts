import { ERROR_CODES, INPUT_MESSAGES, MESSAGES, STATUS_FALLBACK, type ErrorResponse } from '@kettle/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './app-error.js';
import { summarizeDbError } from './log-redaction.js';
import { isNumericOutOfRange } from './pg-errors.js';
import { unavailableCause } from './unavailable.js';
import { securityHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 text of this route when it is not the upload one (product.md §8: contact has its own). */
    tooLargeDetail?: string;
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.badRequest,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.badRequest,
  422: ERROR_CODES.validation,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.unavailable,
};

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { field: path || error.validationContext || 'body', message: issue.message ?? 'Invalid value' };
  });
}

/**
 * A body past its route's limit is a request too large, not a file: the catalogue's 413 text
 * ("File too large") is for an image (posts/read-post-form.ts), and the limit is said as it is.
 */
function bodyTooLarge(request: FastifyRequest): string {
  const kb = Math.floor((request.routeOptions.bodyLimit ?? 0) / 1024);
  return kb > 0 ? `Request too large: at most ${kb} KB may be sent here.` : MESSAGES.contact.tooLarge;
}

/** Writes every error as `{ detail, code, errors? }`; anything unexpected is logged and masked. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorResponse = {
        detail: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      };
      return reply.status(error.statusCode).send(body);
    }
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors.length > 0) {
      return reply
        .status(422)
        .send({ detail: fieldErrors[0]?.message, code: ERROR_CODES.validation, errors: fieldErrors });
    }
    if (isNumericOutOfRange(error)) {
      // A sum past an integer column (the inputs themselves are bounded by the shared schemas).
      return reply.status(422).send({ detail: INPUT_MESSAGES.numberTooLarge, code: ERROR_CODES.validation });
    }
    const outage = unavailableCause(error);
    if (outage) {
      // A database, Redis or mail server that is away: a moment's outage, not a fault of this
      // request or of the code, so the client is told to try again shortly (issue 15).
      request.log.warn({ outage, reqId: request.id }, 'dependency unavailable');
      return reply.status(503).send({ detail: STATUS_FALLBACK[503], code: ERROR_CODES.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 || isResponseSerializationError(error)) {
      const dbError = summarizeDbError(error);
      // A database error's message and parameters carry user data (emails, posts): log its summary instead.
      request.log.error(
        dbError ? { dbError, reqId: request.id } : { err: error, reqId: request.id },
        'unhandled error',
      );
      return reply.status(status === 503 ? 503 : 500).send({
        detail: STATUS_FALLBACK[status === 503 ? 503 : 500],
        code: status === 503 ? ERROR_CODES.unavailable : ERROR_CODES.internal,
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): the catalogue's words.
    const detail =
      status === 413
        ? (request.routeOptions.config.tooLargeDetail ?? bodyTooLarge(request))
        : (STATUS_FALLBACK[status] ?? STATUS_FALLBACK[400]);
    return reply.status(status).send({ detail, code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: STATUS_FALLBACK[404], code: ERROR_CODES.notFound });
  });
}

/**
 * Fastify's `frameworkErrors`: a path with bad percent-encoding, or a segment past
 * `maxParamLength`, is answered before routing, so it gets our envelope here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these answers, so they get the security headers here (security.md W4).
  void reply.headers(securityHeaders(request.server.ctx.config)(request.url)).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ detail: INPUT_MESSAGES.addressTooLong, code: ERROR_CODES.badRequest });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ detail: INPUT_MESSAGES.badAddress, code: ERROR_CODES.badRequest });
    return;
  }
  request.log.error({ err: error, reqId: request.id }, 'framework error');
  void reply.status(500).send({ detail: STATUS_FALLBACK[500], code: ERROR_CODES.internal });
}
