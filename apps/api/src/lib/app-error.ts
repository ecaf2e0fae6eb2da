import { ERROR_CODES, STATUS_FALLBACK, type ErrorCode, type ErrorResponse } from '@kettle/shared';

export type FieldError = { field: string; message: string };

/** The one error family the API throws on purpose; the error handler turns it into §8's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Facts a client shows beside the detail (the ban of ACCOUNT_BANNED). */
    readonly extra?: Pick<ErrorResponse, 'ban'>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

const fallback = (status: number): string => STATUS_FALLBACK[status] ?? STATUS_FALLBACK[500] ?? 'Server error.';

export const badRequest = (detail = fallback(400), code: string = ERROR_CODES.badRequest, errors?: FieldError[]) =>
  new AppError(400, code, detail, errors);
export const unauthorized = (detail = fallback(401), code: string = ERROR_CODES.unauthorized) =>
  new AppError(401, code, detail);
export const forbidden = (detail = fallback(403), code: string = ERROR_CODES.forbidden) =>
  new AppError(403, code, detail);
export const notFound = (detail = fallback(404)) => new AppError(404, ERROR_CODES.notFound, detail);
export const conflict = (detail: string, errors?: FieldError[]) =>
  new AppError(409, ERROR_CODES.conflict, detail, errors);
export const validationFailed = (errors: FieldError[]) =>
  new AppError(422, ERROR_CODES.validation, errors[0]?.message ?? fallback(422), errors);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, detail, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
