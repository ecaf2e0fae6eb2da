import { STATUS_FALLBACK } from '../messages.js';

/**
 * product.md §8 order: detail (string, or detail.message), then message, then error, then the
 * status text, then the status fallback.
 */
export function extractErrorMessage(body: unknown, status: number, statusText = ''): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const { detail } = record;
    if (typeof detail === 'string' && detail) return detail;
    if (detail && typeof detail === 'object') {
      const nested = (detail as Record<string, unknown>).message;
      if (typeof nested === 'string' && nested) return nested;
    }
    for (const key of ['message', 'error'] as const) {
      const value = record[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  if (statusText) return statusText;
  return STATUS_FALLBACK[status] ?? STATUS_FALLBACK[500] ?? 'Server error. Please try again later.';
}
