import { hasNulByte, INPUT_MESSAGES } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './app-error.js';

const isWalkable = (value: unknown): value is object =>
  // Parsed JSON, form and query objects (the query parser's have their own prototype); a raw
  // Buffer body (the payments webhook) is bytes, not text.
  value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);

/**
 * The dotted path of the first string (a value or a key) holding U+0000: '' for the value
 * itself, null when there is none. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function nulBytePath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value === 'string') {
      if (hasNulByte(item.value)) return item.path;
      continue;
    }
    if (!isWalkable(item.value)) continue;
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] ?? ['', undefined];
      const path = item.path ? `${item.path}.${key}` : key;
      if (hasNulByte(key)) return path;
      stack.push({ value: child, path });
    }
  }
  return null;
}

/** 422 naming the field when any text in `value` holds U+0000 (PostgreSQL cannot store it). */
export function assertNoNulBytes(value: unknown, part: string): void {
  const path = nulBytePath(value);
  if (path !== null) throw validationFailed([{ field: path || part, message: INPUT_MESSAGES.nulByte }]);
}

/**
 * One check for every route: params, query and body are refused before any schema or handler
 * sees them, whatever the route declares. Multipart bodies are read later by their handler,
 * which runs `assertNoNulBytes` on the fields it collected.
 */
export function registerNulByteGuard(app: FastifyInstance): void {
  // A callback hook (Fastify answers what it throws): an async one cost every request a promise
  // and a turn of the microtask queue.
  app.addHook('preValidation', (request, _reply, done) => {
    assertNoNulBytes(request.params, 'params');
    assertNoNulBytes(request.query, 'query');
    assertNoNulBytes(request.body, 'body');
    done();
  });
}
